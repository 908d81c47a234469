package config

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// yaml.v3 reports syntax errors as plain strings ("yaml: line 3: ...") with
// no column, leaves the line out when it is the first line, counts lines
// from zero for parser (as opposed to scanner) errors, and gives no position
// at all for bad characters or unknown anchors. yamlError undoes as much of
// that as it can so syntax errors point at a line like every other error.

var yamlLine = regexp.MustCompile(`^line (\d+): (.*)$`)

// parserProblems are the problems yaml.v3's parser (not its scanner) reports;
// their line numbers are zero-based.
var parserProblems = []string{
	"did not find expected",
	"found duplicate %",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// readerProblems are reported before yaml.v3 tracks positions at all.
var readerProblems = []string{
	"control characters are not allowed",
	"UTF-8",
	"Unicode",
	"UTF-16",
}

func yamlError(c *Config, data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	if hasAny(msg, parserProblems) {
		// A missing line means line zero here too, so this also fills in
		// the first line.
		line++
	}
	pos := Position{Line: line}
	switch {
	case hasAny(msg, readerProblems):
		if p, ok := firstBadChar(data); ok {
			pos = p
		}
	case strings.HasPrefix(msg, "unknown anchor '"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		if i := bytes.Index(data, []byte("*"+name)); i >= 0 {
			pos = offsetPosition(data, i)
		}
	}
	if pos.Line == 0 {
		// Every remaining error without a line comes from a mark on the
		// first line, which yaml.v3 does not print.
		pos.Line = 1
	}
	return NewError(c, "", pos, "invalid YAML: "+msg, "")
}

func hasAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// firstBadChar finds the first byte YAML refuses: invalid UTF-8, or a
// character outside YAML's printable set.
func firstBadChar(data []byte) (Position, bool) {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if (r == utf8.RuneError && size == 1) || !yamlPrintable(r) {
			return offsetPosition(data, i), true
		}
		i += size
	}
	return Position{}, false
}

// yamlPrintable is YAML 1.2's c-printable set.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r >= 0x20 && r <= 0x7E, r == 0x85:
		return true
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD:
		return true
	case r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// offsetPosition counts columns in characters, as yaml.v3 does for nodes.
func offsetPosition(data []byte, off int) Position {
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return Position{Line: line, Column: utf8.RuneCount(before[lineStart:]) + 1}
}

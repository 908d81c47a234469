package dstfmt

import (
	"go/doc/comment"
	"strings"
	"unicode"
)

// trimRight drops trailing white space, as the printer does to every // comment.
func trimRight(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }

// formatDoc lays out the lines of a doc comment (// lines abutting a top-level declaration or
// the package clause) as gofmt does since Go 1.19: parsed as a doc comment and printed back,
// so lists, code blocks and headings take their canonical form. Directives (//go:build and
// the like) move to the end, after an empty comment line.
func formatDoc(lines []string) []string {
	if plainDoc(lines) {
		return lines
	}
	var text strings.Builder
	var directives []string
	for _, l := range lines {
		after, ok := strings.CutPrefix(l, "//")
		if !ok {
			return lines
		}
		if isDirective(after) {
			directives = append(directives, l)
			continue
		}
		text.WriteString(strings.TrimPrefix(after, " "))
		text.WriteByte('\n')
	}
	if text.Len() == 0 {
		return lines
	}
	var parser comment.Parser
	var printer comment.Printer
	out := string(printer.Comment(parser.Parse(text.String())))
	var formatted []string
	for out != "" {
		var line string
		line, out, _ = strings.Cut(out, "\n")
		switch {
		case line == "":
			line = "//"
		case line[0] == '\t':
			line = "//" + line
		default:
			line = "// " + line
		}
		formatted = append(formatted, line)
	}
	if len(directives) > 0 {
		formatted = append(formatted, "//")
		formatted = append(formatted, directives...)
	}
	return formatted
}

// plainDoc reports whether a doc comment is one the doc comment printer gives back unchanged:
// one paragraph of "// text" lines, none of which could start a list, a code block, a heading
// or a link definition, or hold a doc link. Most of the generator's comments are; parsing
// them all would cost as much as printing the file.
func plainDoc(lines []string) bool {
	for _, l := range lines {
		text, ok := strings.CutPrefix(l, "// ")
		if !ok || text == "" {
			return false
		}
		switch c := text[0]; {
		case c == ' ' || c == '\t' || c == '-' || c == '*' || c == '#' || c == '[':
			return false
		case c == '+' && (len(text) == 1 || text[1] == ' '):
			return false
		case c >= '0' && c <= '9':
			return false
		}
		if strings.ContainsAny(text, "[\t") || strings.Contains(text, "``") || strings.Contains(text, "''") || text != trimRight(text) {
			return false
		}
		if isDirective(text) || !validUTF8Plain(text) {
			return false
		}
	}
	return true
}

// validUTF8Plain reports whether s is ASCII without control characters: outside that, the
// doc comment printer's handling is left to it.
func validUTF8Plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// isDirective reports whether the text after // is a directive (//go:build, //line, ...),
// which the doc comment printer keeps apart.
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

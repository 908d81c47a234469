package yamlenc

import "strings"

// style is how a scalar is written.
type style int

const (
	plainStyle style = iota
	singleQuotedStyle
	doubleQuotedStyle
	literalStyle
)

// analysis is what the scalar's characters allow (libyaml's scalar_data).
type analysis struct {
	multiline                                                              bool
	flowPlainAllowed, blockPlainAllowed, singleQuotedAllowed, blockAllowed bool
}

func analyze(value string) analysis {
	if len(value) == 0 {
		return analysis{blockPlainAllowed: true, singleQuotedAllowed: true}
	}
	if plainWord(value) {
		return analysis{flowPlainAllowed: true, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true}
	}
	var (
		blockIndicators, flowIndicators, lineBreaks, specialCharacters bool
		leadingSpace, leadingBreak, trailingSpace, trailingBreak       bool
		breakSpace, spaceBreak, previousSpace, previousBreak           bool
	)
	if len(value) >= 3 && (value[0] == '-' && value[1] == '-' && value[2] == '-' || value[0] == '.' && value[1] == '.' && value[2] == '.') {
		blockIndicators, flowIndicators = true, true
	}
	precededByWhitespace := true
	for i, w := 0, 0; i < len(value); i += w {
		c := value[i]
		w = 1
		if c >= 0x80 {
			w = max(width(c), 1) // callers pass UTF-8; never loop on anything else
		}
		next := at(value, i+w)
		followedByWhitespace := i+w >= len(value) || next == ' ' || next == '\t'
		if i == 0 {
			switch c {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				flowIndicators, blockIndicators = true, true
			case '?', ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '-':
				if followedByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		} else {
			switch c {
			case ',', '?', '[', ']', '{', '}':
				flowIndicators = true
			case ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '#':
				if precededByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		}
		// The ASCII cases of isPrintable and isBreak inline: this loop sees every character of
		// every description.
		if c < 0x80 && c != '\n' && (c < 0x20 || c > 0x7E) || c >= 0x80 && !isPrintable(value, i) {
			specialCharacters = true
		}
		isBrk := c == '\r' || c == '\n' || c >= 0x80 && isBreak(value, i)
		switch {
		case c == ' ':
			if i == 0 {
				leadingSpace = true
			}
			if i+w == len(value) {
				trailingSpace = true
			}
			if previousBreak {
				breakSpace = true
			}
			previousSpace, previousBreak = true, false
		case isBrk:
			lineBreaks = true
			if i == 0 {
				leadingBreak = true
			}
			if i+w == len(value) {
				trailingBreak = true
			}
			if previousSpace {
				spaceBreak = true
			}
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = c == ' ' || c == '\t' || c == 0 || isBrk
	}
	a := analysis{multiline: lineBreaks, flowPlainAllowed: true, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if trailingSpace {
		a.blockAllowed = false
	}
	if breakSpace {
		a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed = false, false, false
	}
	if spaceBreak || specialCharacters {
		a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed, a.blockAllowed = false, false, false, false
	}
	if lineBreaks {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if flowIndicators {
		a.flowPlainAllowed = false
	}
	if blockIndicators {
		a.blockPlainAllowed = false
	}
	return a
}

// selectStyle narrows the style the encoder asked for to one the characters and the context allow.
func (e *emitter) selectStyle(want style, value string, a analysis) style {
	s := want
	if e.simpleKeyContext && a.multiline {
		s = doubleQuotedStyle
	}
	if s == plainStyle {
		if e.flowLevel > 0 && !a.flowPlainAllowed || e.flowLevel == 0 && !a.blockPlainAllowed {
			s = singleQuotedStyle
		}
		if len(value) == 0 && (e.flowLevel > 0 || e.simpleKeyContext) {
			s = singleQuotedStyle
		}
	}
	if s == singleQuotedStyle && !a.singleQuotedAllowed {
		s = doubleQuotedStyle
	}
	if s == literalStyle && (!a.blockAllowed || e.flowLevel > 0 || e.simpleKeyContext) {
		s = doubleQuotedStyle
	}
	return s
}

// scalar writes one scalar node.
func (e *emitter) scalar(value string, want style) {
	a := analyze(value)
	s := e.selectStyle(want, value, a)
	e.increaseIndent(true, false)
	allowBreaks := !e.simpleKeyContext
	switch s {
	case plainStyle:
		e.writePlain(value, allowBreaks)
	case singleQuotedStyle:
		e.writeSingleQuoted(value, allowBreaks)
	case doubleQuotedStyle:
		e.writeDoubleQuoted(value, allowBreaks)
	case literalStyle:
		e.writeLiteral(value)
	}
	e.popIndent()
}

func (e *emitter) writePlain(value string, allowBreaks bool) {
	if !e.whitespace {
		e.put(' ')
	}
	e.writeFoldable(value, allowBreaks, false)
	e.whitespace = false
	e.indention = false
}

func (e *emitter) writeSingleQuoted(value string, allowBreaks bool) {
	e.writeIndicator("'", true, false, false)
	e.writeFoldable(value, allowBreaks, true)
	e.writeIndicator("'", false, false, false)
	e.whitespace = false
	e.indention = false
}

// writeFoldable writes the text of a plain or single-quoted scalar, folding long lines at a
// single space and keeping line breaks, as libyaml does for both. The two styles differ in
// two places only: single-quoted doubles each quote, and never folds at its first or last
// character (the fold would turn into a space there, which the quotes keep).
func (e *emitter) writeFoldable(value string, allowBreaks, singleQuoted bool) {
	stop := &plainRun
	if singleQuoted {
		stop = &singleQuotedRun
	}
	spaces, breaks := false, false
	for i := 0; i < len(value); {
		switch {
		case value[i] == ' ':
			inner := !singleQuoted || i > 0 && i < len(value)-1
			if allowBreaks && !spaces && e.column > bestWidth && inner && !isSpace(value, i+1) {
				e.writeIndent()
				i++
			} else {
				e.write(value, &i)
			}
			spaces = true
		case isBreak(value, i):
			if !breaks && value[i] == '\n' {
				e.putBreak()
			}
			e.writeBreak(value, &i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if singleQuoted && value[i] == '\'' {
				e.put('\'')
			}
			e.write(value, &i)
			e.copyRun(value, &i, asciiRun(value, i, stop))
			e.indention = false
			spaces, breaks = false, false
		}
	}
}

func (e *emitter) writeDoubleQuoted(value string, allowBreaks bool) {
	spaces := false
	e.writeIndicator(`"`, true, false, false)
	// yaml/v2 looks for a byte order mark at the start of the value for every character.
	bom := len(value) >= 3 && value[0] == 0xEF && value[1] == 0xBB && value[2] == 0xBF
	for i := 0; i < len(value); {
		switch {
		case !isPrintable(value, i) || bom || isBreak(value, i) || value[i] == '"' || value[i] == '\\':
			e.writeEscape(value, &i)
			spaces = false
		case value[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(value)-1 {
				e.writeIndent()
				if isSpace(value, i+1) {
					e.put('\\')
				}
				i++
			} else {
				e.write(value, &i)
			}
			spaces = true
		default:
			e.write(value, &i)
			if !bom {
				e.copyRun(value, &i, asciiRun(value, i, &doubleQuotedRun))
			}
			spaces = false
		}
	}
	e.writeIndicator(`"`, false, false, false)
	e.whitespace = false
	e.indention = false
}

// writeEscape writes the character at value[*i] as a double-quoted escape.
func (e *emitter) writeEscape(value string, i *int) {
	octet := value[*i]
	var w int
	var v rune
	switch {
	case octet&0x80 == 0x00:
		w, v = 1, rune(octet&0x7F)
	case octet&0xE0 == 0xC0:
		w, v = 2, rune(octet&0x1F)
	case octet&0xF0 == 0xE0:
		w, v = 3, rune(octet&0x0F)
	case octet&0xF8 == 0xF0:
		w, v = 4, rune(octet&0x07)
	}
	for k := 1; k < w; k++ {
		v = v<<6 + rune(value[*i+k])&0x3F
	}
	*i += w
	e.put('\\')
	if c, ok := shortEscapes[v]; ok {
		e.put(c)
		return
	}
	switch {
	case v <= 0xFF:
		e.put('x')
		w = 2
	case v <= 0xFFFF:
		e.put('u')
		w = 4
	default:
		e.put('U')
		w = 8
	}
	for k := (w - 1) * 4; k >= 0; k -= 4 {
		digit := byte(v>>uint(k)) & 0x0F
		if digit < 10 {
			e.put(digit + '0')
		} else {
			e.put(digit + 'A' - 10)
		}
	}
}

var shortEscapes = map[rune]byte{
	0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r',
	0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xA0: '_', 0x2028: 'L', 0x2029: 'P',
}

func (e *emitter) writeLiteral(value string) {
	e.writeIndicator("|", true, false, false)
	e.writeBlockScalarHints(value)
	e.putBreak()
	e.indention = true
	e.whitespace = true
	breaks := true
	for i := 0; i < len(value); {
		if isBreak(value, i) {
			e.writeBreak(value, &i)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		e.write(value, &i)
		e.indention = false
		breaks = false
	}
}

// writeBlockScalarHints writes the indentation and chomping indicators after '|'.
func (e *emitter) writeBlockScalarHints(value string) {
	if isSpace(value, 0) || isBreak(value, 0) {
		e.writeIndicator(string(rune('0'+bestIndent)), false, false, false)
	}
	chomp := ""
	if len(value) == 0 {
		chomp = "-"
	} else {
		i := len(value) - 1
		for value[i]&0xC0 == 0x80 {
			i--
		}
		switch {
		case !isBreak(value, i):
			chomp = "-"
		case i == 0:
			chomp = "+"
		default:
			i--
			for value[i]&0xC0 == 0x80 {
				i--
			}
			if isBreak(value, i) {
				chomp = "+"
			}
		}
	}
	if chomp != "" {
		e.writeIndicator(chomp, false, false, false)
	}
}

// plainWord reports whether value is printable ASCII with no space, no indicator that matters
// anywhere and none at its start: what the full analysis allows everything for. Most keys and
// types are such words.
func plainWord(value string) bool {
	if !wordStart[value[0]] || strings.HasPrefix(value, "...") {
		return false
	}
	for i := 1; i < len(value); i++ {
		if !wordByte[value[i]] {
			return false
		}
	}
	return true
}

var wordByte, wordStart = func() (word, start [256]bool) {
	for c := 0x21; c <= 0x7E; c++ {
		word[c] = !strings.ContainsRune(",?[]{}:#", rune(c))
		start[c] = word[c] && !strings.ContainsRune("&*!|>'\"%@`-", rune(c))
	}
	return word, start
}()

// asciiRun is the length of the run of value from i of bytes that run marks: printable ASCII
// other than space and the style's own stops, characters the writers copy one for one. A
// table, not a search of the stops per byte: this loop sees nearly every byte of a CRD.
func asciiRun(value string, i int, run *[256]bool) int {
	j := i
	for j < len(value) && run[value[j]] {
		j++
	}
	return j - i
}

// The bytes each writer copies in runs: plain, single-quoted (stops at a quote, doubled) and
// double-quoted (stops at a quote or backslash, escaped).
var plainRun, singleQuotedRun, doubleQuotedRun = runTable(""), runTable("'"), runTable("\"\\")

func runTable(stop string) (t [256]bool) {
	for c := '!'; c < 0x7F; c++ {
		t[c] = !strings.ContainsRune(stop, c)
	}
	return t
}

// copyRun copies n bytes of ASCII from value[*i].
func (e *emitter) copyRun(value string, i *int, n int) {
	e.out = append(e.out, value[*i:*i+n]...)
	e.column += n
	*i += n
}

// The character classes of libyaml, on valid UTF-8; out of range is none of them.

func at(b string, i int) byte {
	if i < len(b) {
		return b[i]
	}
	return 0
}

func isSpace(b string, i int) bool { return at(b, i) == ' ' }

func isBlank(b string, i int) bool { c := at(b, i); return c == ' ' || c == '\t' }

func isBreak(b string, i int) bool {
	c := at(b, i)
	return c == '\r' || c == '\n' ||
		c == 0xC2 && at(b, i+1) == 0x85 ||
		c == 0xE2 && at(b, i+1) == 0x80 && (at(b, i+2) == 0xA8 || at(b, i+2) == 0xA9)
}

func isBlankz(b string, i int) bool {
	c := at(b, i)
	return c == ' ' || c == '\t' || c == 0 || isBreak(b, i)
}

func isPrintable(b string, i int) bool {
	c := at(b, i)
	return c == 0x0A ||
		c >= 0x20 && c <= 0x7E ||
		c == 0xC2 && at(b, i+1) >= 0xA0 ||
		c > 0xC2 && c < 0xED ||
		c == 0xED && at(b, i+1) < 0xA0 ||
		c == 0xEE ||
		c == 0xEF && !(at(b, i+1) == 0xBB && at(b, i+2) == 0xBF) && !(at(b, i+1) == 0xBF && (at(b, i+2) == 0xBE || at(b, i+2) == 0xBF))
}

package yamlenc

// emitter is the writing state of libyaml's emitter as go.yaml.in/yaml/v2 runs it for Marshal:
// block style, indent 2, lines folded past column 80, UTF-8 written as it is. Only the state
// that decides bytes is kept; the rules that use it are those of yaml/v2's emitterc.go, so that
// the output is the same byte for byte.
type emitter struct {
	out []byte

	indent  int   // the current indentation, -1 before the root node
	indents []int // the enclosing indentations
	column  int   // in characters
	// whitespace: the last character written is a space or a break; indention: only
	// indentation has been written on this line so far.
	whitespace, indention bool
	flowLevel             int

	// The context of the node being written.
	rootContext, sequenceContext, mappingContext, simpleKeyContext bool
}

const (
	bestIndent = 2
	bestWidth  = 80
)

func newEmitter(sizeHint int) *emitter {
	return &emitter{out: make([]byte, 0, sizeHint), indent: -1, whitespace: true, indention: true}
}

func (e *emitter) put(c byte) {
	e.out = append(e.out, c)
	e.column++
}

func (e *emitter) putBreak() {
	e.out = append(e.out, '\n')
	e.column = 0
}

// write copies the character at value[*i] and moves past it.
func (e *emitter) write(value string, i *int) {
	w := width(value[*i])
	e.out = append(e.out, value[*i:*i+w]...)
	e.column++
	*i += w
}

func (e *emitter) writeAll(s string) {
	for i := 0; i < len(s); {
		w := width(s[i])
		e.out = append(e.out, s[i:i+w]...)
		e.column++
		i += w
	}
}

// writeBreak copies the line break at value[*i].
func (e *emitter) writeBreak(value string, i *int) {
	if value[*i] == '\n' {
		e.putBreak()
		*i++
		return
	}
	e.write(value, i)
	e.column = 0
}

func (e *emitter) increaseIndent(flow, indentless bool) {
	e.indents = append(e.indents, e.indent)
	switch {
	case e.indent < 0 && flow:
		e.indent = bestIndent
	case e.indent < 0:
		e.indent = 0
	case !indentless:
		e.indent += bestIndent
	}
}

func (e *emitter) popIndent() {
	e.indent = e.indents[len(e.indents)-1]
	e.indents = e.indents[:len(e.indents)-1]
}

func (e *emitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	for e.column < indent {
		e.put(' ')
	}
	e.whitespace = true
	e.indention = true
}

func (e *emitter) writeIndicator(indicator string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.put(' ')
	}
	e.writeAll(indicator)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}

// width is the length of the UTF-8 sequence that starts with b (0 for a continuation byte).
func width(b byte) int {
	switch {
	case b&0x80 == 0x00:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 0
}

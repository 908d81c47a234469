package golang

import (
	"bytes"
	"fmt"
	"strconv"
)

// goText writes top-level function declarations as gofmt lays them out: tab indentation, a
// blank line between declarations, each with a one-line doc comment. It knows nothing of Go
// beyond that; its callers write statements that gofmt leaves as they are.
type goText struct {
	buf   bytes.Buffer
	depth int
	// mark is where the text being written starts in buf: declarations before it belong to
	// another piece of text, so the first one after it needs no blank line.
	mark int
	// scratch is room for a piece of a line (a struct tag) made before it is written.
	scratch []byte
	// cells holds the cells of a table of lines while their column widths are found.
	cells []string
}

// reset empties the writer for the next file.
func (w *goText) reset() {
	w.buf.Reset()
	w.mark, w.depth = 0, 0
}

// decl starts a declaration with its doc comment.
func (w *goText) decl(doc string) {
	if w.buf.Len() > w.mark {
		w.buf.WriteByte('\n')
	}
	w.buf.WriteString("// ")
	w.buf.WriteString(doc)
	w.buf.WriteByte('\n')
}

// open writes a line that opens a block ("func ...", "if ...", "for ...") and indents what
// follows.
func (w *goText) open(format string, args ...any) {
	w.indent()
	w.printf(format, args...)
	w.buf.WriteString(" {\n")
	w.depth++
}

// close ends the innermost block.
func (w *goText) close() {
	w.depth--
	w.indent()
	w.buf.WriteString("}\n")
}

// line writes one statement.
func (w *goText) line(format string, args ...any) {
	w.indent()
	w.printf(format, args...)
	w.buf.WriteByte('\n')
}

// lineOf writes one statement, the concatenation of parts.
func (w *goText) lineOf(parts ...string) {
	w.indent()
	for _, p := range parts {
		w.buf.WriteString(p)
	}
	w.buf.WriteByte('\n')
}

// openOf writes a line that opens a block, the concatenation of parts, and indents what
// follows.
func (w *goText) openOf(parts ...string) {
	w.indent()
	for _, p := range parts {
		w.buf.WriteString(p)
	}
	w.buf.WriteString(" {\n")
	w.depth++
}

func (w *goText) indent() {
	for range w.depth {
		w.buf.WriteByte('\t')
	}
}

// gap separates a declaration without a doc comment from the one before it.
func (w *goText) gap() {
	if w.buf.Len() > w.mark {
		w.buf.WriteByte('\n')
	}
}

// printf writes format with its %s verbs replaced by the string arguments and %d verbs by the
// int ones, in order, as fmt would; fmt takes what else there is. The writers' lines use those
// two verbs only, and fmt's general machinery (an interface and reflection per argument) was
// a good part of what writing a line cost.
func (w *goText) printf(format string, args ...any) {
	b := w.buf.AvailableBuffer()
	n := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+1 == len(format) || n == len(args) {
			fmt.Fprintf(&w.buf, format, args...)
			return
		}
		switch arg := args[n]; {
		case format[i+1] == 's' && isString(arg):
			b = append(b, arg.(string)...)
		case format[i+1] == 'd' && isInt(arg):
			b = strconv.AppendInt(b, int64(arg.(int)), 10)
		default:
			fmt.Fprintf(&w.buf, format, args...)
			return
		}
		i++
		n++
	}
	if n != len(args) {
		fmt.Fprintf(&w.buf, format, args...)
		return
	}
	w.buf.Write(b)
}

func isString(x any) bool { _, ok := x.(string); return ok }

func isInt(x any) bool { _, ok := x.(int); return ok }

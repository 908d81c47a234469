package golang

import "github.com/armgen/armgen/pkg/codegen/emit/dstfmt"

// keyedText is an element "key: value" of a composite literal written as text; value is on
// one line.
type keyedText struct{ key, value string }

// literal writes the statement head (which ends in the literal's type) and a composite literal
// of fields, one a line, their values in a column as gofmt aligns them: the printer's rule for
// where a column starts afresh (dstfmt.KeySections) decides here too.
func (w *goText) literal(head string, fields []keyedText) {
	w.indent()
	w.buf.WriteString(head)
	if len(fields) == 0 {
		w.buf.WriteString("{}\n")
		return
	}
	w.buf.WriteString("{\n")
	w.depth++
	var sections dstfmt.KeySections
	start := 0
	for i := range fields {
		size := len(fields[i].key)
		if i > 0 && sections.Breaks(len(fields[i-1].key), size) {
			w.keyedColumn(fields[start:i])
			start = i
			sections.Reset()
		}
		sections.Add(size)
	}
	w.keyedColumn(fields[start:])
	w.depth--
	w.indent()
	w.buf.WriteString("}\n")
}

// keyedColumn writes fields with their values aligned one space after the longest key.
func (w *goText) keyedColumn(fields []keyedText) {
	width := 0
	for _, f := range fields {
		width = max(width, len(f.key))
	}
	for _, f := range fields {
		w.indent()
		w.buf.WriteString(f.key)
		w.buf.WriteByte(':')
		for range width - len(f.key) + 1 {
			w.buf.WriteByte(' ')
		}
		w.buf.WriteString(f.value)
		w.buf.WriteString(",\n")
	}
}

package golang

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/armgen/armgen/pkg/astmodel"
)

// errNeedsTree reports text that the printers would not write as it stands (a comment holding a
// form feed, a vertical tab or the printer's escape byte): the caller builds the syntax tree
// instead, and the printers decide, as they did before the family was written as text.
var errNeedsTree = errors.New("needs a syntax tree")

// objectText writes an object as a struct, fields in the model's order, as objectDecl builds
// it and the printers print it: each field after a blank line (but the first) with its doc
// comment, name, type and tag one space apart (a blank line ends gofmt's column block, so no
// field aligns with another).
//
// Type declarations are the largest family of the types files: built as trees they were
// about a third of what rendering those files cost. TestObjectTextMatchesTrees holds the text
// to what objectDecl prints.
func (fb *fileBuilder) objectText(w *goText, def astmodel.Definition, obj *astmodel.ObjectType) error {
	w.gap()
	if err := w.docComment(def.Name.Name, def.Description, astmodel.ObjectMarkers(obj)); err != nil {
		return err
	}
	w.buf.WriteString("type ")
	w.buf.WriteString(def.Name.Name)
	w.buf.WriteString(" struct {\n")
	w.depth++
	for i, p := range obj.Properties() {
		t, err := fb.typeText(p.Type)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", def.Name.Name, p.Name, err)
		}
		if i > 0 {
			w.buf.WriteByte('\n')
		}
		if err := w.docComment(p.Name, p.Description, astmodel.PropertyMarkers(p)); err != nil {
			return err
		}
		w.indent()
		w.buf.WriteString(p.Name)
		w.buf.WriteByte(' ')
		w.buf.WriteString(t)
		w.buf.WriteByte(' ')
		w.scratch = appendStructTag(w.scratch[:0], p.JSONName+",omitempty", p.Tags)
		w.buf.Write(w.scratch)
		w.buf.WriteByte('\n')
	}
	w.depth--
	w.buf.WriteString("}\n")
	return nil
}

// docComment writes the doc comment of name (see astmodel.DocLines) and then the markers, a
// // line each, as commentLines makes them and the printers print them: carriage returns
// dropped, no trailing white space.
func (w *goText) docComment(name, description string, markers []string) error {
	if description != "" {
		first := true
		for line := range strings.SplitSeq(description, "\n") {
			if first {
				first = false
				if err := w.commentLine(name, line); err != nil {
					return err
				}
				continue
			}
			if err := w.commentLine("", line); err != nil {
				return err
			}
		}
	}
	for _, m := range markers {
		if err := w.commentLine("", m); err != nil {
			return err
		}
	}
	return nil
}

// commentLine writes the line comment "name: line" (or just line when name is empty) at the
// writer's depth.
func (w *goText) commentLine(name, line string) error {
	line = strings.TrimRightFunc(strings.ReplaceAll(line, "\r", ""), unicode.IsSpace)
	if strings.ContainsAny(line, "\f\v") || strings.IndexByte(line, 0xff) >= 0 {
		return errNeedsTree
	}
	w.indent()
	w.buf.WriteString("//")
	if name != "" {
		w.buf.WriteByte(' ')
		w.buf.WriteString(name)
		// "Name: " ends in a blank, which the printer drops when nothing follows.
		w.buf.WriteByte(':')
	}
	if line != "" {
		w.buf.WriteByte(' ')
		w.buf.WriteString(line)
	}
	w.buf.WriteByte('\n')
	return nil
}

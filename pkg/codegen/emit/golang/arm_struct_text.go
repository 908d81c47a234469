package golang

import (
	"fmt"
	"unicode/utf8"

	"github.com/armgen/armgen/pkg/astmodel"
)

// armStructText writes a wire type as a struct: its wire names as JSON tags, no comments on the
// fields, so that names, types and tags stand in columns as gofmt aligns them (each column one
// blank wider than its widest cell).
//
// Wire types are most of an arm package, and the trees they were built as (the oracle in
// arm_struct_trees_test.go, TestARMStructTextMatchesTrees) cost more to build and print than the
// text costs to write.
func (fb *fileBuilder) armStructText(w *goText, def astmodel.Definition, obj *astmodel.ObjectType) error {
	props := obj.Properties()
	if cap(w.cells) < len(props) {
		w.cells = make([]string, len(props))
	}
	types := w.cells[:len(props)]
	nameWidth, typeWidth := 0, 0
	for i, p := range props {
		t, err := fb.typeText(p.Type)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", def.Name.Name, p.Name, err)
		}
		types[i] = t
		nameWidth = max(nameWidth, utf8.RuneCountInString(p.Name))
		typeWidth = max(typeWidth, utf8.RuneCountInString(t))
	}
	w.gap()
	w.buf.WriteString("// ")
	w.buf.WriteString(def.Name.Name)
	w.buf.WriteString(" is the wire shape of ")
	w.buf.WriteString(def.Name.Name)
	w.buf.WriteString(".\ntype ")
	w.buf.WriteString(def.Name.Name)
	w.buf.WriteString(" struct {\n")
	for i, p := range props {
		w.buf.WriteByte('\t')
		w.pad(p.Name, nameWidth+1)
		w.pad(types[i], typeWidth+1)
		json := p.JSONName + ",omitempty"
		if p.ExtraKeys {
			json = "-" // inline: see extraKeysJSON
		}
		w.scratch = appendStructTag(w.scratch[:0], json, nil)
		w.buf.Write(w.scratch)
		w.buf.WriteByte('\n')
	}
	w.buf.WriteString("}\n")
	clear(types)
	return nil
}

// pad writes s and blanks after it up to width runes.
func (w *goText) pad(s string, width int) {
	w.buf.WriteString(s)
	for n := utf8.RuneCountInString(s); n < width; n++ {
		w.buf.WriteByte(' ')
	}
}

package golang

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"

	"github.com/dave/dst"
)

// textMarker is the doc comment of a declaration that holds the place of declarations written
// as text among those built as syntax trees. No doc comment the generator writes is this line:
// each starts with the name it documents.
const textMarker = "// armgen: declarations written as text go here"

// textDecl returns a declaration that holds the place of what write writes, or nil when it
// writes nothing. The placeholder refers to every package the text names, so that either
// printer imports them; render puts the text in its place once the file is printed.
//
// Text is for the large families of mechanical code (see armConversionText): most of what
// building their trees and printing them cost is gone, while the file keeps the one import
// block and layout the printers give it.
func (fb *fileBuilder) textDecl(write func(*goText) error) (dst.Decl, error) {
	fb.textUses = make(map[string]bool)
	defer func() { fb.textUses = nil }()
	w := &goText{}
	if err := write(w); err != nil {
		return nil, err
	}
	if w.buf.Len() == 0 {
		return nil, nil
	}
	fb.texts = append(fb.texts, w.buf.Bytes())

	paths := make([]string, 0, len(fb.textUses))
	for p := range fb.textUses {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	spec := &dst.ValueSpec{}
	for _, p := range paths {
		spec.Names = append(spec.Names, ident("_"))
		spec.Values = append(spec.Values, &dst.Ident{Name: "X", Path: p})
	}
	if len(paths) == 0 {
		spec.Names, spec.Values = []*dst.Ident{ident("_")}, []dst.Expr{ident("0")}
	}
	d := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}}
	d.Decs.Start.Append(textMarker)
	return d, nil
}

// spliceTexts replaces each placeholder of printed, in order, with its text. A placeholder is
// its marker line and the one line of its var declaration.
func (fb *fileBuilder) spliceTexts(printed []byte) ([]byte, error) {
	if len(fb.texts) == 0 {
		return printed, nil
	}
	size := len(printed)
	for _, t := range fb.texts {
		size += len(t)
	}
	out := make([]byte, 0, size)
	marker := []byte("\n" + textMarker + "\n")
	rest := printed
	for i, text := range fb.texts {
		at := bytes.Index(rest, marker)
		if at < 0 {
			return nil, fmt.Errorf("the printed file has %d of its %d text placeholders", i, len(fb.texts))
		}
		out = append(out, rest[:at+1]...)
		rest = rest[at+len(marker):]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 || !bytes.HasPrefix(rest, []byte("var _")) {
			return nil, fmt.Errorf("text placeholder %d was printed over more than one line", i)
		}
		out = append(out, text...)
		rest = rest[end+1:]
	}
	return append(out, rest...), nil
}

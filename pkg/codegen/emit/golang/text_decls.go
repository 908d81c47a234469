package golang

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"
	"sync"

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
	if fb.textUses == nil {
		fb.textUses = make(map[string]bool)
	}
	clear(fb.textUses)
	fb.writingText = true
	defer func() { fb.writingText = false }()
	if fb.text == nil {
		fb.text = textBuffers.Get().(*goText)
		fb.text.buf.Reset()
	}
	w := fb.text
	w.mark, w.depth = w.buf.Len(), 0
	if err := write(w); err != nil {
		w.buf.Truncate(w.mark)
		return nil, err
	}
	if w.buf.Len() == w.mark {
		return nil, nil
	}
	fb.textEnds = append(fb.textEnds, w.buf.Len())

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

// textBuffers hold the text of the files being built. All the text of a file goes into one
// buffer, which serves the next file once the file is printed: a buffer grown anew for each
// method, then copied, was most of what writing text cost.
var textBuffers = sync.Pool{New: func() any { return new(goText) }}

// spliceTexts replaces each placeholder of printed, in order, with its text. A placeholder is
// its marker line and the one line of its var declaration.
func (fb *fileBuilder) spliceTexts(printed []byte) ([]byte, error) {
	if len(fb.textEnds) == 0 {
		return printed, nil
	}
	all := fb.text.buf.Bytes()
	out := make([]byte, 0, len(printed)+len(all))
	marker := []byte("\n" + textMarker + "\n")
	rest, start := printed, 0
	for i, end := range fb.textEnds {
		at := bytes.Index(rest, marker)
		if at < 0 {
			return nil, fmt.Errorf("the printed file has %d of its %d text placeholders", i, len(fb.textEnds))
		}
		out = append(out, rest[:at+1]...)
		rest = rest[at+len(marker):]
		line := bytes.IndexByte(rest, '\n')
		if line < 0 || !bytes.HasPrefix(rest, []byte("var _")) {
			return nil, fmt.Errorf("text placeholder %d was printed over more than one line", i)
		}
		out = append(out, all[start:end]...)
		rest, start = rest[line+1:], end
	}
	out = append(out, rest...)
	// The text is in the file now; its buffer serves the next file.
	fb.text.buf.Reset()
	textBuffers.Put(fb.text)
	fb.text, fb.textEnds = nil, nil
	return out, nil
}

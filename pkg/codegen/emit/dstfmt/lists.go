package dstfmt

import "github.com/dave/dst"

// elementLines writes the elements of a composite literal one per line, each followed by a
// comma, after the opening brace the caller wrote. A keyed element that fits on its line has
// its key in a column, aligned with its neighbours' as gofmt decides: keys of up to 40 bytes
// always align; longer ones only while their size stays within 2.5 times the geometric mean
// of the run so far (KeySections). An element over several lines, or a blank line, ends the run.
func (p *printer) elementLines(elts []dst.Expr) error {
	p.newline()
	p.indent++
	var t table
	size := 0
	var sections KeySections
	for i, x := range elts {
		pair, isPair := x.(*dst.KeyValueExpr)
		var key, value, whole string
		var err error
		if isPair {
			if !plain(pair.Key) || !plain(pair.Value) {
				return unsupported("decorated key or value")
			}
			if key, err = p.text(func() error { return p.expr(pair.Key) }); err != nil {
				return err
			}
			if value, err = p.text(func() error { return p.expr(pair.Value) }); err != nil {
				return err
			}
			whole = value
		} else if whole, err = p.text(func() error { return p.node(x, lowestPrec, 1) }); err != nil {
			return err
		}

		prevSize := size
		switch {
		case spansLines(whole):
			size = 0
		case isPair:
			size = len(key)
		default:
			size = len(whole)
		}
		useFF := sections.Breaks(prevSize, size)
		if i > 0 {
			blank := x.Decorations().Before == dst.EmptyLine
			if useFF || blank {
				// A new section: the alignment starts afresh, and so does the mean.
				t.flush(p)
				sections.Reset()
			}
			if blank {
				p.newline()
			}
		}
		if len(elts) > 1 && isPair && size > 0 {
			t.add([]string{key + ":"}, value+",")
		} else {
			t.flush(p)
			p.tabs()
			if isPair {
				p.str(key)
				p.str(": ")
			}
			p.str(whole)
			p.str(",")
			p.newline()
		}
		sections.Add(size)
	}
	t.flush(p)
	p.indent--
	return nil
}

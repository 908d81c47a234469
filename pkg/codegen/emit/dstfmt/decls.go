package dstfmt

import (
	"go/token"
	"strings"

	"github.com/dave/dst"
)

// decls writes the top-level declarations, each after a blank line with its doc comment.
func (p *printer) decls(list []dst.Decl) error {
	for _, d := range list {
		decs := d.Decorations()
		if decs.Before != dst.EmptyLine || decs.After != dst.None || len(decs.End) > 0 {
			return unsupported("declaration spacing or end comment")
		}
		p.newline()
		if len(decs.Start) > 0 {
			if err := checkComments(decs.Start); err != nil {
				return err
			}
			for _, c := range decs.Start {
				p.comment(c)
			}
		}
		var err error
		switch d := d.(type) {
		case *dst.GenDecl:
			err = p.genDecl(d)
		case *dst.FuncDecl:
			err = p.funcDecl(d)
		default:
			err = unsupported("declaration %T", d)
		}
		if err != nil {
			return err
		}
		p.newline()
	}
	return nil
}

// checkComments accepts // comments, one a line.
func checkComments(cs dst.Decorations) error {
	for _, c := range cs {
		// 0xff is go/printer's escape byte; it is tested as a byte, since ContainsAny would
		// read "\xff" as the rune U+FFFD and refuse a description that holds one.
		if !strings.HasPrefix(c, "//") || strings.ContainsAny(c, "\n\f\v") || strings.IndexByte(c, 0xff) >= 0 {
			return unsupported("comment %q", c)
		}
	}
	return nil
}

// genDecl writes a type, const or var declaration: one spec on the keyword's line, or a
// parenthesised group.
func (p *printer) genDecl(d *dst.GenDecl) error {
	switch d.Tok {
	case token.TYPE, token.CONST, token.VAR:
	default:
		return unsupported("%s declaration", d.Tok)
	}
	p.str(d.Tok.String())
	p.str(" ")
	if !d.Lparen && len(d.Specs) == 1 {
		return p.spec(d.Specs[0])
	}
	if len(d.Specs) == 0 {
		p.str("()")
		return nil
	}
	p.str("(")
	p.newline()
	p.indent++
	if d.Tok == token.TYPE && len(d.Specs) > 1 {
		return unsupported("group of type specs")
	}
	if len(d.Specs) == 1 {
		for i, s := range d.Specs {
			if err := p.specLine(s, i); err != nil {
				return err
			}
		}
	} else if err := p.valueSpecs(d.Specs); err != nil {
		return err
	}
	p.indent--
	p.tabs()
	p.str(")")
	return nil
}

// specLine writes one spec of a group on lines of its own, with its comments.
func (p *printer) specLine(s dst.Spec, i int) error {
	if err := p.lineBefore(s, i); err != nil {
		return err
	}
	p.tabs()
	if err := p.spec(s); err != nil {
		return err
	}
	p.newline()
	return nil
}

// lineBefore writes the blank line and the comments that go before the i-th member of a
// group (a spec, a field).
func (p *printer) lineBefore(n dst.Node, i int) error {
	decs := n.Decorations()
	if len(decs.End) > 0 || decs.After == dst.EmptyLine {
		return unsupported("end comment or blank line after %T", n)
	}
	if decs.Before == dst.None && len(decs.Start) > 0 {
		// The restorer leaves the comments on the line before, after what is there.
		return unsupported("comment without a line break before %T", n)
	}
	if decs.Before == dst.EmptyLine {
		if i == 0 {
			return unsupported("blank line opening a group")
		}
		p.newline()
	}
	if err := checkComments(decs.Start); err != nil {
		return err
	}
	for _, c := range decs.Start {
		p.comment(c)
	}
	return nil
}

// spec writes a spec on the current line.
func (p *printer) spec(s dst.Spec) error {
	switch s := s.(type) {
	case *dst.TypeSpec:
		if s.TypeParams != nil {
			return unsupported("type parameters")
		}
		p.str(s.Name.Name)
		p.str(" ")
		if s.Assign {
			p.str("= ")
		}
		return p.expr(s.Type)
	case *dst.ValueSpec:
		p.identList(s.Names)
		if s.Type != nil {
			p.str(" ")
			if err := p.expr(s.Type); err != nil {
				return err
			}
		}
		if s.Values != nil {
			p.str(" = ")
			return p.inlineList(s.Values, 1)
		}
		return nil
	}
	return unsupported("spec %T", s)
}

func (p *printer) identList(list []*dst.Ident) {
	for i, n := range list {
		if i > 0 {
			p.str(", ")
		}
		p.str(n.Name)
	}
}

// valueSpecs writes the specs of a const or var group of two or more: names, types and values
// in columns, the type column kept through a run of specs with values when one has a type.
func (p *printer) valueSpecs(specs []dst.Spec) error {
	keepType := keepTypeColumn(specs)
	var t table
	for i, s := range specs {
		vs, ok := s.(*dst.ValueSpec)
		if !ok {
			return unsupported("spec %T in a group", s)
		}
		decs := vs.Decs.NodeDecs
		if decs.Before == dst.EmptyLine || len(decs.Start) > 0 {
			t.flush(p)
		}
		if err := p.lineBefore(vs, i); err != nil {
			return err
		}
		names, err := p.text(func() error { p.identList(vs.Names); return nil })
		if err != nil {
			return err
		}
		cells := []string{names}
		var tail string
		if vs.Type != nil || keepType[i] {
			typ := ""
			if vs.Type != nil {
				if typ, err = p.text(func() error { return p.expr(vs.Type) }); err != nil {
					return err
				}
			}
			cells = append(cells, typ)
		}
		if vs.Values != nil {
			values, err := p.text(func() error { return p.inlineList(vs.Values, 1) })
			if err != nil {
				return err
			}
			tail = "= " + values
		} else {
			// The last cell is the tail: what follows the names or type is not aligned.
			tail, cells = cells[len(cells)-1], cells[:len(cells)-1]
		}
		t.add(cells, tail)
		if spansLines(tail) {
			t.flush(p)
		}
	}
	t.flush(p)
	return nil
}

// keepTypeColumn marks the specs in runs of specs with values in which one has a type: they
// keep an (empty) type column so that their values line up.
func keepTypeColumn(specs []dst.Spec) []bool {
	m := make([]bool, len(specs))
	populate := func(i, j int, keepType bool) {
		for ; keepType && i < j; i++ {
			m[i] = true
		}
	}
	i0, keepType := -1, false
	for i, s := range specs {
		t := s.(*dst.ValueSpec)
		if t.Values != nil {
			if i0 < 0 {
				i0, keepType = i, false
			}
		} else if i0 >= 0 {
			populate(i0, i, keepType)
			i0 = -1
		}
		if t.Type != nil {
			keepType = true
		}
	}
	if i0 >= 0 {
		populate(i0, len(specs), keepType)
	}
	return m
}

// funcDecl writes a function or method; an empty body whose header is under 100 bytes stays on
// the header's line. (The printer allows 100, but it counts from one column before func: it
// takes the blank after func off its column before that blank is written.)
func (p *printer) funcDecl(d *dst.FuncDecl) error {
	start := len(p.out)
	p.str("func ")
	if d.Recv != nil {
		if err := p.params(d.Recv); err != nil {
			return err
		}
		p.str(" ")
	}
	p.str(d.Name.Name)
	if err := p.signature(d.Type); err != nil {
		return err
	}
	if d.Body == nil {
		return nil
	}
	if !plain(d.Body) {
		return unsupported("decorated function body")
	}
	if len(d.Body.List) == 0 && len(p.out)-start < 100 {
		p.str(" {}")
		return nil
	}
	for _, s := range d.Body.List {
		if s.Decorations().Before == dst.None {
			// The restorer would put it on the header's line, and the printer might keep it there.
			return unsupported("statement on the function header's line")
		}
	}
	p.str(" ")
	return p.block(d.Body)
}

// signature writes (params) results.
func (p *printer) signature(t *dst.FuncType) error {
	if t.TypeParams != nil {
		return unsupported("type parameters")
	}
	if t.Params == nil {
		p.str("()")
	} else if err := p.params(t.Params); err != nil {
		return err
	}
	res := t.Results
	if n := res.NumFields(); n > 0 {
		p.str(" ")
		if n == 1 && res.List[0].Names == nil {
			return p.expr(res.List[0].Type)
		}
		return p.params(res)
	}
	return nil
}

// params writes a parameter list on one line.
func (p *printer) params(fields *dst.FieldList) error {
	if !plain(fields) {
		return unsupported("decorated parameter list")
	}
	p.str("(")
	for i, f := range fields.List {
		if !plain(f) || f.Tag != nil {
			return unsupported("decorated parameter")
		}
		if i > 0 {
			p.str(", ")
		}
		if len(f.Names) > 0 {
			p.identList(f.Names)
			p.str(" ")
		}
		if err := p.expr(f.Type); err != nil {
			return err
		}
	}
	p.str(")")
	return nil
}

// structType writes struct { fields }: always over several lines (the generator's field
// lists have no brace positions, so the printer never joins them), names, types and tags
// in columns.
func (p *printer) structType(st *dst.StructType) error {
	if st.Incomplete || !plain(st.Fields) || st.Fields.Opening || st.Fields.Closing {
		return unsupported("struct field list layout")
	}
	list := st.Fields.List
	p.str("struct {")
	p.newline()
	p.indent++
	sep := len(list) > 1
	var t table
	for i, f := range list {
		decs := f.Decs.NodeDecs
		if decs.Before == dst.EmptyLine || len(decs.Start) > 0 {
			t.flush(p)
		}
		if err := p.lineBefore(f, i); err != nil {
			return err
		}
		typ, err := p.text(func() error { return p.expr(f.Type) })
		if err != nil {
			return err
		}
		if spansLines(typ) {
			return unsupported("field type over several lines")
		}
		names, err := p.text(func() error { p.identList(f.Names); return nil })
		if err != nil {
			return err
		}
		tag := ""
		if f.Tag != nil {
			if !plain(f.Tag) || f.Tag.Kind != token.STRING || strings.ContainsAny(f.Tag.Value, "\n\f\v\xff") {
				return unsupported("field tag")
			}
			tag = f.Tag.Value
		}
		switch {
		case !sep:
			line := typ
			if names != "" {
				line = names + " " + typ
			}
			if tag != "" {
				line += " " + tag
			}
			t.add(nil, line)
		case names != "" && tag != "":
			t.add([]string{names, typ, ""}, tag)
		case names != "":
			t.add([]string{names}, typ)
		case tag != "":
			t.add([]string{typ}, tag)
		default:
			t.add(nil, typ)
		}
	}
	t.flush(p)
	p.indent--
	p.tabs()
	p.str("}")
	return nil
}

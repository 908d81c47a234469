package dstfmt

import (
	"github.com/dave/dst"
)

// block writes { statements } after the caller's text: each statement on a line of its own,
// a blank line where the generator asked for one, comments above their statement.
func (p *printer) block(b *dst.BlockStmt) error {
	p.str("{")
	p.indent++
	if err := p.stmtList(b.List); err != nil {
		return err
	}
	p.indent--
	p.newline()
	p.tabs()
	p.str("}")
	return nil
}

// stmtList writes statements at the current indentation, each after a line break.
func (p *printer) stmtList(list []dst.Stmt) error {
	for i, s := range list {
		decs := s.Decorations()
		if len(decs.End) > 0 {
			return unsupported("end comment on a statement")
		}
		p.newline()
		if decs.Before == dst.EmptyLine || i > 0 && list[i-1].Decorations().After == dst.EmptyLine {
			if i == 0 {
				return unsupported("blank line opening a block")
			}
			p.newline()
		}
		if err := checkComments(decs.Start); err != nil {
			return err
		}
		for _, c := range decs.Start {
			p.comment(c)
		}
		p.tabs()
		if err := p.stmt(s); err != nil {
			return err
		}
	}
	return nil
}

// stmt writes one statement from the current position.
func (p *printer) stmt(s dst.Stmt) error {
	switch s := s.(type) {
	case *dst.ExprStmt:
		return p.expr0(s.X, 1)
	case *dst.AssignStmt:
		depth := 1
		if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
			depth++
		}
		if err := p.inlineList(s.Lhs, depth); err != nil {
			return err
		}
		p.str(" ")
		p.str(s.Tok.String())
		p.str(" ")
		return p.inlineList(s.Rhs, depth)
	case *dst.IncDecStmt:
		if err := p.expr0(s.X, 2); err != nil {
			return err
		}
		p.str(s.Tok.String())
	case *dst.ReturnStmt:
		p.str("return")
		if s.Results == nil {
			return nil
		}
		p.str(" ")
		start := len(p.out)
		if err := p.inlineList(s.Results, 1); err != nil {
			return err
		}
		if len(s.Results) > 1 && spansLines(string(p.out[start:])) {
			// Several results over several lines may be indented as a whole.
			return unsupported("multi-line return list")
		}
	case *dst.DeclStmt:
		if !plain(s.Decl) {
			return unsupported("decorated declaration statement")
		}
		d, ok := s.Decl.(*dst.GenDecl)
		if !ok {
			return unsupported("declaration statement %T", s.Decl)
		}
		return p.genDecl(d)
	case *dst.BlockStmt:
		return p.block(s)
	case *dst.IfStmt:
		return p.ifStmt(s)
	case *dst.RangeStmt:
		p.str("for ")
		if s.Key != nil {
			if err := p.expr(s.Key); err != nil {
				return err
			}
			if s.Value != nil {
				p.str(", ")
				if err := p.expr(s.Value); err != nil {
					return err
				}
			}
			p.str(" ")
			p.str(s.Tok.String())
			p.str(" ")
		}
		p.str("range ")
		if _, paren := s.X.(*dst.ParenExpr); paren {
			return unsupported("parenthesised range expression")
		}
		if err := p.expr(s.X); err != nil {
			return err
		}
		p.str(" ")
		return p.block(s.Body)
	case *dst.SwitchStmt:
		p.str("switch")
		if err := p.control(s.Init, s.Tag); err != nil {
			return err
		}
		p.str("{")
		for _, c := range s.Body.List {
			cc, ok := c.(*dst.CaseClause)
			if !ok || !plain(cc) {
				return unsupported("switch clause")
			}
			p.newline()
			p.tabs()
			if cc.List == nil {
				p.str("default:")
			} else {
				p.str("case ")
				if err := p.inlineList(cc.List, 1); err != nil {
					return err
				}
				p.str(":")
			}
			p.indent++
			if err := p.stmtList(cc.Body); err != nil {
				return err
			}
			p.indent--
		}
		p.newline()
		p.tabs()
		p.str("}")
	default:
		return unsupported("statement %T", s)
	}
	return nil
}

// ifStmt writes if [init; ] cond { ... } [else ...].
func (p *printer) ifStmt(s *dst.IfStmt) error {
	p.str("if")
	if err := p.control(s.Init, s.Cond); err != nil {
		return err
	}
	if err := p.block(s.Body); err != nil {
		return err
	}
	switch e := s.Else.(type) {
	case nil:
		return nil
	case *dst.BlockStmt:
		p.str(" else ")
		return p.block(e)
	case *dst.IfStmt:
		if !plain(e) {
			return unsupported("decorated else if")
		}
		p.str(" else ")
		return p.ifStmt(e)
	}
	return unsupported("else %T", s.Else)
}

// control writes " [init; ]expr " of an if or switch.
func (p *printer) control(init dst.Stmt, x dst.Expr) error {
	p.str(" ")
	if init != nil {
		if !plain(init) {
			return unsupported("decorated init statement")
		}
		if err := p.stmt(init); err != nil {
			return err
		}
		p.str("; ")
	}
	if x != nil {
		if _, paren := x.(*dst.ParenExpr); paren {
			return unsupported("parenthesised condition")
		}
		if err := p.expr(x); err != nil {
			return err
		}
		p.str(" ")
	}
	return nil
}

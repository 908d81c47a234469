package dstfmt

import (
	"go/token"
	"strings"

	"github.com/dave/dst"
)

// Expressions, with go/printer's precedence and depth rules: depth decides whether the
// operators of precedence 4 and 5 are spaced ("a + b" in a statement, "f(a+b, c)" among
// several arguments).

const (
	lowestPrec  = token.LowestPrec
	unaryPrec   = token.UnaryPrec
	highestPrec = token.HighestPrec
)

// plain reports whether a node carries no decorations: comments or line breaks in an
// expression are laid out only where the generator writes them (composite elements).
func plain(n dst.Node) bool {
	d := n.Decorations()
	return d.Before == dst.None && d.After == dst.None && len(d.Start) == 0 && len(d.End) == 0
}

func (p *printer) expr(x dst.Expr) error { return p.expr1(x, lowestPrec, 1) }

func (p *printer) expr0(x dst.Expr, depth int) error { return p.expr1(x, lowestPrec, depth) }

func (p *printer) expr1(x dst.Expr, prec1, depth int) error {
	if !plain(x) {
		return unsupported("decorated expression %T", x)
	}
	return p.node(x, prec1, depth)
}

// node writes x whatever its own decorations (a composite element's line breaks are its
// list's business).
func (p *printer) node(x dst.Expr, prec1, depth int) error {
	switch x := x.(type) {
	case *dst.Ident:
		p.ident(x)
	case *dst.BasicLit:
		if x.Kind != token.STRING && strings.ContainsAny(x.Value, "xXbBoOeEpPi_") {
			// gofmt normalises the case of prefixes and exponents; plain numbers only here.
			return unsupported("number literal %s", x.Value)
		}
		p.str(x.Value)
	case *dst.SelectorExpr:
		if err := p.expr1(x.X, highestPrec, depth); err != nil {
			return err
		}
		if !plain(x.Sel) {
			return unsupported("decorated selector")
		}
		p.period(x.X)
		p.str(x.Sel.Name)
	case *dst.BinaryExpr:
		return p.binary(x, prec1, cutoff(x, depth), depth)
	case *dst.KeyValueExpr:
		if err := p.expr(x.Key); err != nil {
			return err
		}
		p.str(": ")
		return p.expr(x.Value)
	case *dst.StarExpr:
		return p.prefixed(token.MUL, x.X, prec1, depth, false)
	case *dst.UnaryExpr:
		return p.prefixed(x.Op, x.X, prec1, depth, true)
	case *dst.ParenExpr:
		if inner, ok := x.X.(*dst.ParenExpr); ok {
			return p.expr0(inner, depth)
		}
		p.str("(")
		if err := p.expr0(x.X, reduceDepth(depth)); err != nil {
			return err
		}
		p.str(")")
	case *dst.TypeAssertExpr:
		if err := p.expr1(x.X, highestPrec, depth); err != nil {
			return err
		}
		p.period(x.X)
		p.str("(")
		if x.Type == nil {
			p.str("type")
		} else if err := p.expr(x.Type); err != nil {
			return err
		}
		p.str(")")
	case *dst.IndexExpr:
		if err := p.expr1(x.X, highestPrec, 1); err != nil {
			return err
		}
		p.str("[")
		if err := p.expr0(x.Index, depth+1); err != nil {
			return err
		}
		p.str("]")
	case *dst.IndexListExpr:
		if err := p.expr1(x.X, highestPrec, 1); err != nil {
			return err
		}
		p.str("[")
		if err := p.inlineList(x.Indices, depth+1); err != nil {
			return err
		}
		p.str("]")
	case *dst.CallExpr:
		return p.call(x, depth)
	case *dst.CompositeLit:
		return p.composite(x, depth)
	case *dst.ArrayType:
		p.str("[")
		if x.Len != nil {
			if err := p.expr(x.Len); err != nil {
				return err
			}
		}
		p.str("]")
		return p.expr(x.Elt)
	case *dst.MapType:
		p.str("map[")
		if err := p.expr(x.Key); err != nil {
			return err
		}
		p.str("]")
		return p.expr(x.Value)
	case *dst.StructType:
		return p.structType(x)
	case *dst.FuncType:
		p.str("func")
		return p.signature(x)
	default:
		return unsupported("expression %T", x)
	}
	return nil
}

// ident writes a name, qualified with its package's name when it belongs to another package.
func (p *printer) ident(x *dst.Ident) {
	if x.Path != "" && x.Path != p.self {
		p.str(p.packageName(x.Path))
		p.str(".")
	}
	p.str(x.Name)
}

// period writes the dot after x in a selector or type assertion: after an integer literal,
// which would take it for a decimal point, the printer puts a blank first ("1 .x").
func (p *printer) period(x dst.Expr) {
	if lit, ok := x.(*dst.BasicLit); ok && lit.Kind == token.INT {
		p.str(" ")
	}
	p.str(".")
}

// op writes an operator. Right after another one it could read as a different token with it
// ("--x" for -(-x), "&^x" for &(^x)); the printer keeps the two apart with a blank.
func (p *printer) op(tok token.Token) {
	s := tok.String()
	if p.lastOpEnd == len(p.out) && combines(p.lastOp, s[0]) {
		p.str(" ")
	}
	p.str(s)
	p.lastOp, p.lastOpEnd = tok, len(p.out)
}

// combines reports whether an operator starting with next joins prev into another token.
func combines(prev token.Token, next byte) bool {
	switch prev {
	case token.ADD:
		return next == '+'
	case token.SUB:
		return next == '-'
	case token.QUO:
		return next == '*'
	case token.LSS:
		return next == '-' || next == '<'
	case token.AND:
		return next == '&' || next == '^'
	}
	return false
}

// prefixed writes a unary operator or a dereference; parenthesised where the context binds
// tighter (a selector on *x reads (*x).f), and then printed afresh inside the parentheses, at
// depth 1. The operand of a dereference is always at depth 1.
func (p *printer) prefixed(op token.Token, x dst.Expr, prec1, depth int, unary bool) error {
	paren := unaryPrec < prec1
	if paren {
		p.str("(")
		depth = 1
	}
	p.op(op)
	var err error
	if unary {
		err = p.expr1(x, unaryPrec, depth)
	} else {
		err = p.expr(x)
	}
	if paren {
		p.str(")")
	}
	return err
}

// binary writes x with blanks around its operator when its precedence is below cutoff.
func (p *printer) binary(x *dst.BinaryExpr, prec1, cutoff, depth int) error {
	prec := x.Op.Precedence()
	if prec < prec1 {
		p.str("(")
		if err := p.expr0(x, reduceDepth(depth)); err != nil {
			return err
		}
		p.str(")")
		return nil
	}
	blank := prec < cutoff
	if err := p.expr1(x.X, prec, depth+diffPrec(x.X, prec)); err != nil {
		return err
	}
	if blank {
		p.str(" ")
	}
	p.op(x.Op)
	if blank {
		p.str(" ")
	}
	return p.expr1(x.Y, prec+1, depth+1)
}

// walkBinary finds the operator precedences of a binary expression that decide its spacing,
// and the spacing an operand needs so as not to clash with the operator ("a / *b").
func walkBinary(e *dst.BinaryExpr) (has4, has5 bool, maxProblem int) {
	switch e.Op.Precedence() {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	if l, ok := e.X.(*dst.BinaryExpr); ok && l.Op.Precedence() >= e.Op.Precedence() {
		h4, h5, mp := walkBinary(l)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	}
	switch r := e.Y.(type) {
	case *dst.BinaryExpr:
		if r.Op.Precedence() > e.Op.Precedence() {
			h4, h5, mp := walkBinary(r)
			has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
		}
	case *dst.StarExpr:
		if e.Op == token.QUO {
			maxProblem = 5
		}
	case *dst.UnaryExpr:
		switch e.Op.String() + r.Op.String() {
		case "/*", "&&", "&^":
			maxProblem = 5
		case "++", "--":
			maxProblem = max(maxProblem, 4)
		}
	}
	return has4, has5, maxProblem
}

func cutoff(e *dst.BinaryExpr, depth int) int {
	has4, has5, maxProblem := walkBinary(e)
	switch {
	case maxProblem > 0:
		return maxProblem + 1
	case has4 && has5 && depth == 1:
		return 5
	case has4 && has5:
		return 4
	case depth == 1:
		return 6
	}
	return 4
}

func diffPrec(x dst.Expr, prec int) int {
	if b, ok := x.(*dst.BinaryExpr); ok && b.Op.Precedence() == prec {
		return 0
	}
	return 1
}

func reduceDepth(depth int) int { return max(depth-1, 1) }

// call writes f(args); more than one argument is one level deeper.
func (p *printer) call(x *dst.CallExpr, depth int) error {
	if x.Ellipsis {
		return unsupported("call with ...")
	}
	if len(x.Args) > 1 {
		depth++
	}
	if _, ok := x.Fun.(*dst.FuncType); ok {
		return unsupported("conversion to a func type")
	}
	// A selector prints its operand at the call's depth, as the printer does for methods.
	if err := p.expr1(x.Fun, highestPrec, depth); err != nil {
		return err
	}
	p.str("(")
	if err := p.inlineList(x.Args, depth); err != nil {
		return err
	}
	p.str(")")
	return nil
}

// inlineList writes a list whose elements follow each other on one line (an element may itself
// span lines).
func (p *printer) inlineList(list []dst.Expr, depth int) error {
	for i, x := range list {
		if i > 0 {
			p.str(", ")
		}
		if err := p.expr0(x, depth); err != nil {
			return err
		}
	}
	return nil
}

// composite writes T{...}: on one line when no element asks for a line of its own, else one
// element per line with keys aligned as gofmt aligns them.
func (p *printer) composite(x *dst.CompositeLit, depth int) error {
	if x.Type != nil {
		if err := p.expr1(x.Type, highestPrec, depth); err != nil {
			return err
		}
	}
	p.str("{")
	perLine, err := onePerLine(x.Elts)
	if err != nil {
		return err
	}
	if !perLine {
		for i, e := range x.Elts {
			if i > 0 {
				p.str(", ")
			}
			if err := p.expr0(e, 1); err != nil {
				return err
			}
		}
		p.str("}")
		return nil
	}
	if err := p.elementLines(x.Elts); err != nil {
		return err
	}
	p.tabs()
	p.str("}")
	return nil
}

// onePerLine reports whether the elements each start a line (and the last ends one), as the
// generator writes long literals; an element list laid out otherwise is unsupported. The
// decorations are cleared here for the element printer, which would refuse them.
func onePerLine(elts []dst.Expr) (bool, error) {
	if len(elts) == 0 {
		return false, nil
	}
	perLine := elts[0].Decorations().Before != dst.None
	for i, e := range elts {
		d := e.Decorations()
		if len(d.Start) > 0 || len(d.End) > 0 {
			return false, unsupported("comment on a composite element")
		}
		switch {
		case !perLine && (d.Before != dst.None || d.After != dst.None):
			return false, unsupported("composite elements partly on lines of their own")
		case perLine && (d.Before == dst.None || d.After == dst.EmptyLine || i == len(elts)-1 && d.After != dst.NewLine):
			return false, unsupported("composite elements partly on lines of their own")
		case perLine && i == 0 && d.Before == dst.EmptyLine:
			return false, unsupported("blank line after {")
		}
	}
	return perLine, nil
}

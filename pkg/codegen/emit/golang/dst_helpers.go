package golang

import (
	"go/token"
	"strconv"

	"github.com/dave/dst"
)

// Small constructors that keep the builders readable. Each call makes new nodes, because a dst
// node may appear only once in a tree.

func ident(name string) *dst.Ident {
	n := idents.new()
	n.Name = name
	return n
}

// sel builds x.a.b...
func sel(x dst.Expr, names ...string) dst.Expr {
	for _, n := range names {
		s := selectors.new()
		s.X, s.Sel = x, ident(n)
		x = s
	}
	return x
}

// path builds a.b.c from identifiers.
func path(root string, names ...string) dst.Expr { return sel(ident(root), names...) }

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr {
	c := calls.new()
	c.Fun, c.Args = fun, args
	return c
}

func stringLit(s string) *dst.BasicLit {
	l := basicLits.new()
	l.Kind, l.Value = token.STRING, strconv.Quote(s)
	return l
}

func addr(x dst.Expr) dst.Expr {
	u := unaries.new()
	u.Op, u.X = token.AND, x
	return u
}

func deref(x dst.Expr) dst.Expr {
	s := stars.new()
	s.X = x
	return s
}

// index builds (*x)[i], the element of the slice or map x points to.
func index(x dst.Expr, i dst.Expr) dst.Expr {
	return &dst.IndexExpr{X: &dst.ParenExpr{X: x}, Index: i}
}

func nilIdent() dst.Expr { return ident("nil") }

func returns(xs ...dst.Expr) *dst.ReturnStmt {
	r := returnsOf.new()
	r.Results = xs
	return r
}

func exprStmt(x dst.Expr) dst.Stmt { return &dst.ExprStmt{X: x} }

func assign(lhs, rhs dst.Expr) dst.Stmt {
	// Both sides in one array: an assignment is the commonest statement the builders make.
	sides := &[2]dst.Expr{lhs, rhs}
	a := assigns.new()
	a.Lhs, a.Tok, a.Rhs = sides[0:1:1], token.ASSIGN, sides[1:2:2]
	return a
}

// define builds "a, b := x, y" from pairs of names and values.
func define(names []string, values ...dst.Expr) dst.Stmt {
	lhs := make([]dst.Expr, len(names))
	for i, n := range names {
		lhs[i] = ident(n)
	}
	a := assigns.new()
	a.Lhs, a.Tok, a.Rhs = lhs, token.DEFINE, values
	return a
}

func binary(x dst.Expr, op token.Token, y dst.Expr) dst.Expr {
	b := binaries.new()
	b.X, b.Op, b.Y = x, op, y
	return b
}

func ifStmt(cond dst.Expr, body ...dst.Stmt) *dst.IfStmt {
	i := ifs.new()
	i.Cond, i.Body = cond, block(body)
	return i
}

// rangeStmt builds "for key, value := range x"; value may be empty.
func rangeStmt(key, value string, x dst.Expr, body ...dst.Stmt) dst.Stmt {
	r := &dst.RangeStmt{Key: ident(key), Tok: token.DEFINE, X: x, Body: &dst.BlockStmt{List: body}}
	if value != "" {
		r.Value = ident(value)
	}
	return r
}

func field(name string, t dst.Expr) *dst.Field {
	f := fields.new()
	f.Type = t
	if name != "" {
		f.Names = []*dst.Ident{ident(name)}
	}
	return f
}

func fieldList(list ...*dst.Field) *dst.FieldList {
	l := fieldLists.new()
	l.List = list
	return l
}

func block(list []dst.Stmt) *dst.BlockStmt {
	b := blocks.new()
	b.List = list
	return b
}

// method builds "func (recv *recvType) name(params) results { body }".
func method(recv, recvType, name string, params, results []*dst.Field, body ...dst.Stmt) *dst.FuncDecl {
	fn := function(name, params, results, body...)
	fn.Recv = fieldList(field(recv, deref(ident(recvType))))
	return fn
}

// function builds a top-level "func name(params) results { body }".
func function(name string, params, results []*dst.Field, body ...dst.Stmt) *dst.FuncDecl {
	// Statements on lines of their own keep even one-line bodies in the usual layout, rather
	// than squeezed onto the signature's line.
	for _, s := range body {
		s.Decorations().Before = dst.NewLine
		s.Decorations().After = dst.NewLine
	}
	return &dst.FuncDecl{
		Name: ident(name),
		Type: &dst.FuncType{Params: fieldList(params...), Results: fieldList(results...)},
		Body: &dst.BlockStmt{List: body},
	}
}

// typeDecl builds "type name t".
func typeDecl(name string, t dst.Expr) *dst.GenDecl {
	return &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: ident(name), Type: t}}}
}

// composite builds "T{elts...}"; a nil t leaves the type out, as inside a slice literal.
func composite(t dst.Expr, kvs ...dst.Expr) *dst.CompositeLit {
	return &dst.CompositeLit{Type: t, Elts: kvs}
}

func keyValue(key string, value dst.Expr) dst.Expr {
	kv := keyValues.new()
	kv.Key, kv.Value = ident(key), value
	return kv
}

// onePerLine puts each element of a composite literal on its own line.
func onePerLine(elts []dst.Expr) {
	for _, e := range elts {
		decs := e.Decorations()
		decs.Before = dst.NewLine
		decs.After = dst.NewLine
	}
}

package golang

import (
	"go/token"
	"strconv"

	"github.com/dave/dst"
)

// Small constructors that keep the builders readable. Each call makes new nodes, because a dst
// node may appear only once in a tree.

func ident(name string) *dst.Ident { return dst.NewIdent(name) }

// sel builds x.a.b...
func sel(x dst.Expr, names ...string) dst.Expr {
	for _, n := range names {
		x = &dst.SelectorExpr{X: x, Sel: ident(n)}
	}
	return x
}

// path builds a.b.c from identifiers.
func path(root string, names ...string) dst.Expr { return sel(ident(root), names...) }

func call(fun dst.Expr, args ...dst.Expr) *dst.CallExpr {
	return &dst.CallExpr{Fun: fun, Args: args}
}

func stringLit(s string) *dst.BasicLit {
	return &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)}
}

func addr(x dst.Expr) dst.Expr  { return &dst.UnaryExpr{Op: token.AND, X: x} }
func deref(x dst.Expr) dst.Expr { return &dst.StarExpr{X: x} }

// index builds (*x)[i], the element of the slice or map x points to.
func index(x dst.Expr, i dst.Expr) dst.Expr {
	return &dst.IndexExpr{X: &dst.ParenExpr{X: x}, Index: i}
}

func nilIdent() dst.Expr { return ident("nil") }

func returns(xs ...dst.Expr) *dst.ReturnStmt { return &dst.ReturnStmt{Results: xs} }

func exprStmt(x dst.Expr) dst.Stmt { return &dst.ExprStmt{X: x} }

func assign(lhs, rhs dst.Expr) dst.Stmt {
	// Both sides in one array: an assignment is the commonest statement the builders make.
	sides := &[2]dst.Expr{lhs, rhs}
	return &dst.AssignStmt{Lhs: sides[0:1:1], Tok: token.ASSIGN, Rhs: sides[1:2:2]}
}

// define builds "a, b := x, y" from pairs of names and values.
func define(names []string, values ...dst.Expr) dst.Stmt {
	lhs := make([]dst.Expr, len(names))
	for i, n := range names {
		lhs[i] = ident(n)
	}
	return &dst.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: values}
}

func binary(x dst.Expr, op token.Token, y dst.Expr) dst.Expr {
	return &dst.BinaryExpr{X: x, Op: op, Y: y}
}

func ifStmt(cond dst.Expr, body ...dst.Stmt) *dst.IfStmt {
	return &dst.IfStmt{Cond: cond, Body: &dst.BlockStmt{List: body}}
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
	f := &dst.Field{Type: t}
	if name != "" {
		f.Names = []*dst.Ident{ident(name)}
	}
	return f
}

func fieldList(fields ...*dst.Field) *dst.FieldList { return &dst.FieldList{List: fields} }

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
	return &dst.KeyValueExpr{Key: ident(key), Value: value}
}

// onePerLine puts each element of a composite literal on its own line.
func onePerLine(elts []dst.Expr) {
	for _, e := range elts {
		decs := e.Decorations()
		decs.Before = dst.NewLine
		decs.After = dst.NewLine
	}
}

// cp copies an expression: a dst node may appear only once in a tree.
func cp(x dst.Expr) dst.Expr { return dst.Clone(x).(dst.Expr) }

func varDecl(name string, t dst.Expr) dst.Stmt {
	return &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{
		&dst.ValueSpec{Names: []*dst.Ident{ident(name)}, Type: t},
	}}}
}

package golang

import (
	"fmt"
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// converter renders value conversions.
type converter struct {
	fb *fileBuilder
	// what names the property being converted, for error messages.
	what string
}

// fail wraps an error returned by a nested conversion with the property it was converting.
func (c *converter) fail(what string) dst.Stmt {
	return returns(call(c.fb.qualified(fmtPackage, "Errorf"), stringLit("converting "+what+": %w"), ident("err")))
}

// check runs a call that returns an error and returns what fails, wrapped.
func (c *converter) check(x dst.Expr, what string) dst.Stmt {
	return &dst.IfStmt{
		Init: define([]string{"err"}, x),
		Cond: binary(ident("err"), token.NEQ, nilIdent()),
		Body: &dst.BlockStmt{List: []dst.Stmt{c.fail(what)}},
	}
}

// expr renders conversions that are one expression (assignment, cast, deep copy).
func (c *converter) expr(vc *astmodel.ValueConversion, src dst.Expr) (dst.Expr, bool, error) {
	switch vc.Kind {
	case astmodel.ConvertAssign:
		return src, true, nil
	case astmodel.ConvertCast:
		t, err := c.fb.typeExpr(vc.To)
		if err != nil {
			return nil, false, err
		}
		return call(t, src), true, nil
	case astmodel.ConvertDeepCopy:
		return deref(call(sel(receiverOf(src), "DeepCopy"))), true, nil
	}
	return nil, false, nil
}

// convert returns statements that set target (an assignable expression) to the conversion of
// src. base names the local variables.
func (c *converter) convert(vc *astmodel.ValueConversion, src, target dst.Expr, base string) ([]dst.Stmt, error) {
	if x, ok, err := c.expr(vc, src); ok || err != nil {
		return []dst.Stmt{assign(target, x)}, err
	}
	toType, err := c.fb.typeExpr(vc.To)
	if err != nil {
		return nil, err
	}
	orNil := func(inner ...dst.Stmt) []dst.Stmt {
		return []dst.Stmt{&dst.IfStmt{
			Cond: binary(cp(src), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: inner},
			Else: &dst.BlockStmt{List: []dst.Stmt{assign(cp(target), nilIdent())}},
		}}
	}
	switch vc.Kind {
	case astmodel.ConvertObject:
		if vc.OnDestination {
			return []dst.Stmt{c.check(call(sel(receiverOf(target), vc.Method), addrOf(src)), c.what)}, nil
		}
		return []dst.Stmt{c.check(call(sel(receiverOf(src), vc.Method), addrOf(target)), c.what)}, nil

	case astmodel.ConvertOptional:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []dst.Stmt{assign(target, call(c.fb.qualified(astmodel.GenRuntimePackage, "ClonePointer"), src))}, nil
		}
		v := base + "Value"
		if x, ok, err := c.expr(vc.Element, deref(cp(src))); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return orNil(define([]string{v}, x), assign(cp(target), addr(ident(v)))), nil
		}
		elemType, err := c.fb.typeExpr(vc.Element.To)
		if err != nil {
			return nil, err
		}
		inner, err := c.convert(vc.Element, deref(cp(src)), ident(v), v)
		if err != nil {
			return nil, err
		}
		stmts := append([]dst.Stmt{varDecl(v, elemType)}, inner...)
		stmts = append(stmts, assign(cp(target), addr(ident(v))))
		return orNil(stmts...), nil

	case astmodel.ConvertSlice:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []dst.Stmt{assign(target, call(c.fb.qualified(slicesPackage, "Clone"), src))}, nil
		}
		list, i := base+"List", base+"Index"
		inner, err := c.convert(vc.Element, &dst.IndexExpr{X: cp(src), Index: ident(i)}, &dst.IndexExpr{X: ident(list), Index: ident(i)}, base+"Item")
		if err != nil {
			return nil, err
		}
		return orNil(
			define([]string{list}, call(ident("make"), toType, call(ident("len"), cp(src)))),
			rangeStmt(i, "", cp(src), inner...),
			assign(cp(target), ident(list)),
		), nil

	case astmodel.ConvertMap:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []dst.Stmt{assign(target, call(c.fb.qualified(mapsPackage, "Clone"), src))}, nil
		}
		m, k, v, e := base+"Map", base+"Key", base+"Value", base+"Item"
		var inner []dst.Stmt
		if x, ok, err := c.expr(vc.Element, ident(v)); ok || err != nil {
			if err != nil {
				return nil, err
			}
			inner = []dst.Stmt{assign(&dst.IndexExpr{X: ident(m), Index: ident(k)}, x)}
		} else {
			elemType, err := c.fb.typeExpr(vc.Element.To)
			if err != nil {
				return nil, err
			}
			conv, err := c.convert(vc.Element, ident(v), ident(e), e)
			if err != nil {
				return nil, err
			}
			inner = append([]dst.Stmt{varDecl(e, elemType)}, conv...)
			inner = append(inner, assign(&dst.IndexExpr{X: ident(m), Index: ident(k)}, ident(e)))
		}
		return orNil(
			define([]string{m}, call(ident("make"), toType, call(ident("len"), cp(src)))),
			rangeStmt(k, v, cp(src), inner...),
			assign(cp(target), ident(m)),
		), nil
	}
	return nil, fmt.Errorf("cannot render conversion %s", vc)
}

// add stores a property the destination has no field for in the property bag, unless it is
// unset (so that a round trip does not leave entries behind that were never there).
func (c *converter) add(p *astmodel.Property, src dst.Expr) []dst.Stmt {
	put := c.check(call(sel(ident(bagVar), "Add"), stringLit(p.JSONName), src), p.Name)
	zero, ok := c.zero(p.Type)
	if !ok {
		return []dst.Stmt{put}
	}
	return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, zero), put)}
}

// pull takes a property the source has no field for out of the property bag, leaving the zero
// value when the bag does not hold it.
func (c *converter) pull(p *astmodel.Property, target dst.Expr) []dst.Stmt {
	var reset dst.Stmt
	if zero, ok := c.zero(p.Type); ok {
		reset = assign(target, zero)
	} else {
		t, _ := c.fb.typeExpr(p.Type)
		reset = assign(target, composite(t))
	}
	get := &dst.IfStmt{
		Init: &dst.AssignStmt{Lhs: []dst.Expr{ident("_"), ident("err")}, Tok: token.DEFINE,
			Rhs: []dst.Expr{call(sel(ident(bagVar), "Pull"), stringLit(p.JSONName), addr(cp(target)))}},
		Cond: binary(ident("err"), token.NEQ, nilIdent()),
		Body: &dst.BlockStmt{List: []dst.Stmt{c.fail(p.Name)}},
	}
	return []dst.Stmt{reset, get}
}

// zero returns the zero value of t as a comparable literal, when it has one.
func (c *converter) zero(t astmodel.Type) (dst.Expr, bool) {
	for range 100 {
		switch x := t.(type) {
		case astmodel.OptionalType, astmodel.ArrayType, astmodel.MapType:
			return nilIdent(), true
		case astmodel.ValidatedType:
			t = x.Element
		case astmodel.EnumType:
			t = x.Base
		case astmodel.PrimitiveType:
			switch x {
			case astmodel.StringType:
				return stringLit(""), true
			case astmodel.BoolType:
				return ident("false"), true
			default:
				return &dst.BasicLit{Kind: token.INT, Value: "0"}, true
			}
		case astmodel.TypeName:
			d, ok := c.fb.defs[x]
			if !ok {
				return nil, false
			}
			t = d.Type
		default:
			return nil, false
		}
	}
	return nil, false
}

// receiverOf is x as the receiver of a method call: p rather than (*p).
func receiverOf(x dst.Expr) dst.Expr {
	if s, ok := x.(*dst.StarExpr); ok {
		return s.X
	}
	return x
}

// addrOf is a pointer to x: p rather than &*p.
func addrOf(x dst.Expr) dst.Expr {
	if s, ok := x.(*dst.StarExpr); ok {
		return s.X
	}
	return addr(x)
}

func varDecl(name string, t dst.Expr) dst.Stmt {
	return &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{
		&dst.ValueSpec{Names: []*dst.Ident{ident(name)}, Type: t},
	}}}
}

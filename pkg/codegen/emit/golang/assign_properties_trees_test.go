// The AssignProperties methods as they were built before they were written as text
// (assignmentText): syntax trees, printed by the printers. Kept here, unchanged but for the
// names, so that TestAssignmentTextMatchesTrees holds the text to what the trees print.

package golang

import (
	"fmt"
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// treeAssignmentDecls renders the AssignProperties methods planned for a type.
func (fb *fileBuilder) treeAssignmentDecls(self string) ([]dst.Decl, error) {
	var decls []dst.Decl
	for _, a := range fb.conv.Of(fb.pkg.TypeName(self)) {
		from, err := fb.treeAssignMethod(a, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.FromMethod, err)
		}
		to, err := fb.treeAssignMethod(a, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.ToMethod, err)
		}
		decls = append(decls, from, to)
	}
	return decls, nil
}

// assignMethod renders Self.AssignProperties_From_X(source *X) (fromOther) or
// Self.AssignProperties_To_X(destination *X).
func (fb *fileBuilder) treeAssignMethod(a *astmodel.PropertyAssignment, fromOther bool) (*dst.FuncDecl, error) {
	self := a.Self.Name
	recv := receiverName(self)
	other := fb.typeName(a.Other)
	c := &treeConverter{fb: fb}

	var src, dstRoot func() dst.Expr
	var name, param, doc string
	var srcBag, dstBag string
	if fromOther {
		name, param = a.FromMethod, sourceParam
		src, dstRoot = func() dst.Expr { return ident(sourceParam) }, func() dst.Expr { return ident(recv) }
		srcBag, dstBag = a.OtherBag, a.SelfBag
		doc = fmt.Sprintf("%s populates the receiver from source, a %s.", name, a.Other)
	} else {
		name, param = a.ToMethod, destinationParam
		src, dstRoot = func() dst.Expr { return ident(recv) }, func() dst.Expr { return ident(destinationParam) }
		srcBag, dstBag = a.SelfBag, a.OtherBag
		doc = fmt.Sprintf("%s populates destination, a %s, from the receiver.", name, a.Other)
	}

	var body []dst.Stmt
	// Statements that open a paragraph: function() resets the spacing of every statement, so the
	// blank lines are set once the function is built.
	paragraphs := make(map[dst.Stmt]bool)
	if a.Resource {
		body = append(body, assign(sel(dstRoot(), "ObjectMeta"), deref(call(sel(src(), "ObjectMeta", "DeepCopy")))))
	}
	useBag := dstBag != "" && srcBag != ""
	if useBag {
		body = append(body, define([]string{bagVar}, call(fb.qualified(astmodel.GenRuntimePackage, "NewPropertyBag"), sel(src(), srcBag))))
	}
	prevBlock := true
	for _, step := range a.Steps {
		srcProp, dstProp, vc := step.Other, step.Self, step.From
		if !fromOther {
			srcProp, dstProp, vc = step.Self, step.Other, step.To
		}
		var stmts []dst.Stmt
		var err error
		switch {
		case vc != nil:
			c.what = step.Name()
			stmts, err = c.convert(vc, sel(src(), srcProp.Name), sel(dstRoot(), dstProp.Name), localBase(dstProp.Name))
		case !useBag:
			err = fmt.Errorf("%s has no counterpart and there is no property bag to keep it", step.Name())
		default:
			if dstProp != nil {
				stmts = append(stmts, c.pull(dstProp, sel(dstRoot(), dstProp.Name))...)
			}
			if srcProp != nil {
				stmts = append(stmts, c.add(srcProp, sel(src(), srcProp.Name))...)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", step.Name(), err)
		}
		if len(stmts) == 0 {
			continue
		}
		// A plain assignment speaks for itself; a block, a rename or a trip through the bag
		// stands apart, the latter two with a word of explanation.
		var comment string
		switch {
		case vc == nil && dstProp != nil && srcProp != nil:
			comment = fmt.Sprintf("// %s: the types differ, so each side's value waits in the property bag of the other", step.Name())
		case vc == nil && dstProp != nil:
			comment = fmt.Sprintf("// %s: the source has no such property; its value may wait in the property bag", dstProp.Name)
		case vc == nil:
			comment = fmt.Sprintf("// %s: the destination has no such property; the value waits in the property bag", srcProp.Name)
		case step.Self.Name != step.Other.Name:
			comment = fmt.Sprintf("// %s is called %s in %s", step.Self.Name, step.Other.Name, a.Other.Package.Version)
		}
		_, simple := stmts[0].(*dst.AssignStmt)
		block := len(stmts) > 1 || !simple
		if comment != "" || block || prevBlock {
			paragraphs[stmts[0]] = true
		}
		if comment != "" {
			stmts[0].Decorations().Start.Append(comment)
		}
		prevBlock = block || comment != ""
		body = append(body, stmts...)
	}
	if a.Resource && !fromOther && a.OriginalVersion != "" {
		set := assign(sel(dstRoot(), "Spec", astmodel.OriginalVersionName), stringLit(a.OriginalVersion))
		set.Decorations().Start.Append("// The operator talks to Azure with the api-version of the version the user wrote.")
		paragraphs[set] = true
		body = append(body, set)
	}
	if dstBag != "" {
		target := sel(dstRoot(), dstBag)
		var keep dst.Stmt
		if useBag {
			keep = &dst.IfStmt{
				Cond: binary(call(ident("len"), ident(bagVar)), token.GTR, &dst.BasicLit{Kind: token.INT, Value: "0"}),
				Body: &dst.BlockStmt{List: []dst.Stmt{assign(target, ident(bagVar))}},
				Else: &dst.BlockStmt{List: []dst.Stmt{assign(sel(dstRoot(), dstBag), nilIdent())}},
			}
			keep.Decorations().Start.Append("// What has no field of its own stays in the property bag.")
		} else {
			keep = assign(target, nilIdent())
			keep.Decorations().Start.Append("// The source has no property bag, and every property found a field.")
		}
		paragraphs[keep] = true
		body = append(body, keep)
	}
	ret := returns(nilIdent())
	paragraphs[ret] = true
	body = append(body, ret)

	fn := withDoc(method(recv, self, name, []*dst.Field{field(param, deref(other))}, []*dst.Field{field("", ident("error"))}, body...), doc)
	for _, s := range fn.Body.List {
		if paragraphs[s] && s != fn.Body.List[0] {
			s.Decorations().Before = dst.EmptyLine
		}
	}
	return fn, nil
}

// treeConverter renders value conversions.
type treeConverter struct {
	fb *fileBuilder
	// what names the property being converted, for error messages.
	what string
}

// fail wraps an error returned by a nested conversion with the property it was converting.
func (c *treeConverter) fail(what string) dst.Stmt {
	return returns(call(c.fb.qualified(fmtPackage, "Errorf"), stringLit("converting "+what+": %w"), ident("err")))
}

// check runs a call that returns an error and returns what fails, wrapped.
func (c *treeConverter) check(x dst.Expr, what string) dst.Stmt {
	return &dst.IfStmt{
		Init: define([]string{"err"}, x),
		Cond: binary(ident("err"), token.NEQ, nilIdent()),
		Body: &dst.BlockStmt{List: []dst.Stmt{c.fail(what)}},
	}
}

// expr renders conversions that are one expression (assignment, cast, deep copy).
func (c *treeConverter) expr(vc *astmodel.ValueConversion, src dst.Expr) (dst.Expr, bool, error) {
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
func (c *treeConverter) convert(vc *astmodel.ValueConversion, src, target dst.Expr, base string) ([]dst.Stmt, error) {
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
func (c *treeConverter) add(p *astmodel.Property, src dst.Expr) []dst.Stmt {
	put := c.check(call(sel(ident(bagVar), "Add"), stringLit(p.JSONName), src), p.Name)
	zero, ok := c.zero(p.Type)
	if !ok {
		return []dst.Stmt{put}
	}
	return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, zero), put)}
}

// pull takes a property the source has no field for out of the property bag, leaving the zero
// value when the bag does not hold it.
func (c *treeConverter) pull(p *astmodel.Property, target dst.Expr) []dst.Stmt {
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
func (c *treeConverter) zero(t astmodel.Type) (dst.Expr, bool) {
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

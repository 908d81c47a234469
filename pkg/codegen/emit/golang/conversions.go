package golang

import (
	"fmt"
	"go/token"
	"unicode"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Packages conversion code uses.
var (
	fmtPackage        = astmodel.MakeExternalPackage("fmt", "fmt")
	slicesPackage     = astmodel.MakeExternalPackage("slices", "slices")
	mapsPackage       = astmodel.MakeExternalPackage("maps", "maps")
	conversionPackage = astmodel.MakeExternalPackage("sigs.k8s.io/controller-runtime/pkg/conversion", "conversion")
)

// Names used inside conversion methods. Local variables are named after properties plus a
// suffix (skuValue, tagsMap), so none can be a keyword, a package name or one of these.
const (
	sourceParam      = "source"
	destinationParam = "destination"
	hubParam         = "hub"
	bagVar           = "propertyBag"
)

// assignmentDecls renders the AssignProperties methods planned for a type.
func (fb *fileBuilder) assignmentDecls(self string) ([]dst.Decl, error) {
	var decls []dst.Decl
	for _, a := range fb.conv.Of(fb.pkg.TypeName(self)) {
		from, err := fb.assignMethod(a, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.FromMethod, err)
		}
		to, err := fb.assignMethod(a, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.ToMethod, err)
		}
		decls = append(decls, from, to)
	}
	return decls, nil
}

// assignMethod renders Self.AssignProperties_From_X(source *X) (fromOther) or
// Self.AssignProperties_To_X(destination *X).
func (fb *fileBuilder) assignMethod(a *astmodel.PropertyAssignment, fromOther bool) (*dst.FuncDecl, error) {
	self := a.Self.Name
	recv := receiverName(self)
	other := fb.typeName(a.Other)
	c := &converter{fb: fb}

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
			c.what = stepName(step)
			stmts, err = c.convert(vc, sel(src(), srcProp.Name), sel(dstRoot(), dstProp.Name), localBase(dstProp.Name))
		case !useBag:
			err = fmt.Errorf("%s has no counterpart and there is no property bag to keep it", stepName(step))
		default:
			if dstProp != nil {
				stmts = append(stmts, c.pull(dstProp, sel(dstRoot(), dstProp.Name))...)
			}
			if srcProp != nil {
				stmts = append(stmts, c.add(srcProp, sel(src(), srcProp.Name))...)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stepName(step), err)
		}
		if len(stmts) == 0 {
			continue
		}
		// A plain assignment speaks for itself; a block, a rename or a trip through the bag
		// stands apart, the latter two with a word of explanation.
		var comment string
		switch {
		case vc == nil && dstProp != nil && srcProp != nil:
			comment = fmt.Sprintf("// %s: the types differ, so each side's value waits in the property bag of the other", stepName(step))
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

func stepName(s astmodel.AssignmentStep) string {
	if s.Self != nil {
		return s.Self.Name
	}
	return s.Other.Name
}

// localBase is the stem of the local variables that convert a property: its name with a lower
// case initial (Sku -> sku).
func localBase(prop string) string {
	r := []rune(prop)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

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
			Cond: binary(dst.Clone(src).(dst.Expr), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: inner},
			Else: &dst.BlockStmt{List: []dst.Stmt{assign(dst.Clone(target).(dst.Expr), nilIdent())}},
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
		if x, ok, err := c.expr(vc.Element, deref(dst.Clone(src).(dst.Expr))); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return orNil(define([]string{v}, x), assign(dst.Clone(target).(dst.Expr), addr(ident(v)))), nil
		}
		elemType, err := c.fb.typeExpr(vc.Element.To)
		if err != nil {
			return nil, err
		}
		inner, err := c.convert(vc.Element, deref(dst.Clone(src).(dst.Expr)), ident(v), v)
		if err != nil {
			return nil, err
		}
		stmts := append([]dst.Stmt{varDecl(v, elemType)}, inner...)
		stmts = append(stmts, assign(dst.Clone(target).(dst.Expr), addr(ident(v))))
		return orNil(stmts...), nil

	case astmodel.ConvertSlice:
		if vc.Element.Kind == astmodel.ConvertAssign {
			return []dst.Stmt{assign(target, call(c.fb.qualified(slicesPackage, "Clone"), src))}, nil
		}
		list, i := base+"List", base+"Index"
		inner, err := c.convert(vc.Element, &dst.IndexExpr{X: dst.Clone(src).(dst.Expr), Index: ident(i)}, &dst.IndexExpr{X: ident(list), Index: ident(i)}, base+"Item")
		if err != nil {
			return nil, err
		}
		return orNil(
			define([]string{list}, call(ident("make"), toType, call(ident("len"), dst.Clone(src).(dst.Expr)))),
			rangeStmt(i, "", dst.Clone(src).(dst.Expr), inner...),
			assign(dst.Clone(target).(dst.Expr), ident(list)),
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
			define([]string{m}, call(ident("make"), toType, call(ident("len"), dst.Clone(src).(dst.Expr)))),
			rangeStmt(k, v, dst.Clone(src).(dst.Expr), inner...),
			assign(dst.Clone(target).(dst.Expr), ident(m)),
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
	return []dst.Stmt{ifStmt(binary(dst.Clone(src).(dst.Expr), token.NEQ, zero), put)}
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
			Rhs: []dst.Expr{call(sel(ident(bagVar), "Pull"), stringLit(p.JSONName), addr(dst.Clone(target).(dst.Expr)))}},
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

// resourceConversionDecls renders how a resource converts to its hub: the hub gets Hub(), every
// other version ConvertTo and ConvertFrom, which go through the next resource on the way.
func (fb *fileBuilder) resourceConversionDecls(kind string) ([]dst.Decl, error) {
	if fb.conv == nil {
		return nil, nil
	}
	self := fb.pkg.TypeName(kind)
	graph := fb.conv.Graph
	hub, ok := graph.Hub(self)
	if !ok {
		return nil, nil
	}
	rv := receiverName(kind)
	assertion := func(iface string) dst.Decl {
		return &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
			Names:  []*dst.Ident{ident("_")},
			Type:   fb.qualified(conversionPackage, iface),
			Values: []dst.Expr{addr(composite(ident(kind)))},
		}}}
	}
	if hub == self {
		h := withDoc(method(rv, kind, "Hub", nil, nil),
			"Hub marks "+kind+" as the version every other version of the kind converts to and from: the one the API server stores.")
		return []dst.Decl{assertion("Hub"), h}, nil
	}
	next, ok := graph.Next(self)
	if !ok {
		return nil, fmt.Errorf("%s has a hub but no next version", self)
	}
	a, ok := fb.conv.Between(self, next)
	if !ok {
		return nil, fmt.Errorf("no property assignment planned between %s and %s", self, next)
	}
	hubParamType := func() dst.Expr { return fb.qualified(conversionPackage, "Hub") }
	errorResult := func() []*dst.Field { return []*dst.Field{field("", ident("error"))} }
	wrongHub := func() dst.Stmt {
		return returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit("expected a "+hub.String()+" to convert with, got %T"), ident(hubParam)))
	}
	fail := func(what string) dst.Stmt {
		return returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit(what+": %w"), ident("err")))
	}
	checked := func(x dst.Expr, what string) dst.Stmt {
		return &dst.IfStmt{Init: define([]string{"err"}, x), Cond: binary(ident("err"), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: []dst.Stmt{fail(what)}}}
	}
	cast := func(name string) []dst.Stmt {
		return []dst.Stmt{
			&dst.AssignStmt{Lhs: []dst.Expr{ident(name), ident("ok")}, Tok: token.DEFINE,
				Rhs: []dst.Expr{&dst.TypeAssertExpr{X: ident(hubParam), Type: deref(fb.typeName(hub))}}},
			ifStmt(unaryNot(ident("ok")), wrongHub()),
		}
	}

	var to, from []dst.Stmt
	if next == hub {
		to = append(cast(destinationParam), returns(call(path(rv, a.ToMethod), ident(destinationParam))))
		from = append(cast(sourceParam), returns(call(path(rv, a.FromMethod), ident(sourceParam))))
	} else {
		to = []dst.Stmt{
			varDecl(destinationParam, fb.typeName(next)),
			checked(call(path(rv, a.ToMethod), addr(ident(destinationParam))), "converting to "+next.String()),
			returns(call(path(destinationParam, "ConvertTo"), ident(hubParam))),
		}
		from = []dst.Stmt{
			varDecl(sourceParam, fb.typeName(next)),
			checked(call(path(sourceParam, "ConvertFrom"), ident(hubParam)), "converting from the hub to "+next.String()),
			returns(call(path(rv, a.FromMethod), addr(ident(sourceParam)))),
		}
	}
	route := "directly"
	if next != hub {
		route = "through " + next.String()
	}
	convertTo := withDoc(method(rv, kind, "ConvertTo", []*dst.Field{field(hubParam, hubParamType())}, errorResult(), to...),
		fmt.Sprintf("ConvertTo converts the receiver to hub, the %s the API server stores, %s.", hub, route))
	convertFrom := withDoc(method(rv, kind, "ConvertFrom", []*dst.Field{field(hubParam, hubParamType())}, errorResult(), from...),
		fmt.Sprintf("ConvertFrom populates the receiver from hub, the %s the API server stores, %s.", hub, route))
	return []dst.Decl{assertion("Convertible"), convertTo, convertFrom}, nil
}

func unaryNot(x dst.Expr) dst.Expr { return &dst.UnaryExpr{Op: token.NOT, X: x} }

package golang

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Names inside the ARM conversion methods. Locals are named after properties plus a suffix
// (skuValue, tagsItem), so none can be one of these, a keyword or a package name.
const (
	resolvedParam = "resolved"
	ownerParam    = "owner"
	armInputParam = "armInput"
	resultVar     = "result"
	typedVar      = "typed"
)

// armConversionDecls renders the methods that convert an API object to and from its wire type,
// as the ARM plan says: ConvertToARM, NewEmptyARMValue and PopulateFromARM. Status objects get
// ConvertToARM too: nothing sends them, but it lets tests (and the ARM emulator's users) make
// the wire value a status reads back.
func (fb *fileBuilder) armConversionDecls(def astmodel.Definition) ([]dst.Decl, error) {
	o, ok := fb.arm.Of(def.Name)
	if !ok {
		return nil, nil
	}
	obj, ok := def.Type.(*astmodel.ObjectType)
	if !ok {
		return nil, fmt.Errorf("%s: only objects convert to ARM", def.Name)
	}
	name := def.Name.Name
	recv := receiverName(name)
	armType := func() dst.Expr { return fb.typeName(o.ARM) }
	to, err := fb.convertToARM(o, obj, recv)
	if err != nil {
		return nil, fmt.Errorf("%s.ConvertToARM: %w", name, err)
	}
	// The compiler, not a test, holds every converting type to the interfaces the operator uses.
	assertion := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
		Names:  []*dst.Ident{ident("_")},
		Type:   fb.qualified(astmodel.GenRuntimePackage, "ARMTransformer"),
		Values: []dst.Expr{addr(composite(ident(name)))},
	}}}
	decls := []dst.Decl{assertion, to}
	empty := withDoc(method(recv, name, "NewEmptyARMValue", nil, []*dst.Field{field("", ident("any"))},
		returns(addr(composite(armType())))),
		"NewEmptyARMValue returns an empty "+o.ARM.Name+" of the arm package, to decode an ARM response into.")
	from, err := fb.populateFromARM(o, obj, recv)
	if err != nil {
		return nil, fmt.Errorf("%s.PopulateFromARM: %w", name, err)
	}
	return append(decls, empty, from), nil
}

// armConv renders the value conversions of one method.
type armConv struct {
	fb    *fileBuilder
	names map[string]int
}

// local returns a fresh local name from a stem.
func (c *armConv) local(stem string) string {
	c.names[stem]++
	if n := c.names[stem]; n > 1 {
		return stem + strconv.Itoa(n)
	}
	return stem
}

// convertToARM renders ConvertToARM: nil stays nil; every set property is converted into the
// wire type, its envelopes made only when something goes into them.
func (fb *fileBuilder) convertToARM(o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) (dst.Decl, error) {
	c := &armConv{fb: fb, names: make(map[string]int)}
	body := []dst.Stmt{
		ifStmt(binary(ident(recv), token.EQL, nilIdent()), returns(nilIdent(), nilIdent())),
		define([]string{resultVar}, addr(composite(fb.typeName(o.ARM)))),
	}
	if o.ResourceSpec {
		body = append(body, assign(path(resultVar, "Name"), addr(path(resolvedParam, "Name"))))
	}
	for _, p := range o.Properties {
		stmts, err := c.propertyToARM(o, p, recv)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.API.Name, err)
		}
		body = append(body, stmts...)
	}
	body = append(body, returns(ident(resultVar), nilIdent()))
	params := []*dst.Field{field(resolvedParam, fb.qualified(astmodel.GenRuntimePackage, "ConvertToARMResolvedDetails"))}
	results := []*dst.Field{field("", ident("any")), field("", ident("error"))}
	return withDoc(method(recv, o.API.Name, "ConvertToARM", params, results, body...),
		"ConvertToARM returns the "+o.ARM.Name+" of the arm package to send to Azure, with references, secrets and config-map values looked up in resolved."), nil
}

// propertyToARM renders one property: when set, make its envelopes and convert it into place.
func (c *armConv) propertyToARM(o *astmodel.ARMObject, p astmodel.ARMProperty, recv string) ([]dst.Stmt, error) {
	var ensure []dst.Stmt
	target := dst.Expr(ident(resultVar))
	for _, env := range p.Path {
		field := sel(cp(target), env.Field)
		ensure = append(ensure, ifStmt(binary(cp(field), token.EQL, nilIdent()),
			assign(cp(field), addr(composite(c.fb.typeName(env.Type))))))
		target = field
	}
	target = sel(target, p.Field)
	what := o.API.Name + "." + p.API.JSONName
	if p.API.KeyedBy != "" {
		inner, err := c.keyedListToARM(p, path(recv, p.API.Name), target, what)
		if err != nil {
			return nil, err
		}
		return []dst.Stmt{ifStmt(binary(path(recv, p.API.Name), token.NEQ, nilIdent()), append(ensure, inner...)...)}, nil
	}
	inner, err := c.toARM(p.API.Type, p.Type, path(recv, p.API.Name), target, localBase(p.API.Name), what, true)
	if err != nil {
		return nil, err
	}
	if !c.fb.nilable(p.API.Type) {
		return append(ensure, inner...), nil // a value the API requires, such as a discriminator
	}
	return []dst.Stmt{ifStmt(binary(path(recv, p.API.Name), token.NEQ, nilIdent()), append(ensure, inner...)...)}, nil
}

// keyedListToARM renders a list of references that is a map on the wire: each item's reference
// resolves to its key; an item without one is an error naming the property.
func (c *armConv) keyedListToARM(p astmodel.ARMProperty, src, target dst.Expr, what string) ([]dst.Stmt, error) {
	wm, ok := p.Type.(astmodel.MapType)
	if !ok {
		return nil, fmt.Errorf("%s: keyed by %s, but the wire type is %s", what, p.API.KeyedBy, p.Type)
	}
	mapType, err := c.fb.typeExpr(wm)
	if err != nil {
		return nil, err
	}
	wv, ok := wm.Value.(astmodel.TypeName)
	if !ok {
		return nil, fmt.Errorf("%s: the wire value %s is not an object", what, wm.Value)
	}
	stem := localBase(p.API.Name)
	item, key, value := c.local(stem+"Item"), c.local(stem+"Key"), c.local(stem+"ARM")
	ref := path(item, p.API.KeyedBy)
	loop := []dst.Stmt{
		ifStmt(binary(ref, token.EQL, nilIdent()),
			returns(nilIdent(), call(c.fb.qualified(fmtPackage, "Errorf"), stringLit(what+": an item has no "+p.API.KeyedBy)))),
		define([]string{key, "err"}, call(path(resolvedParam, "ARMID"), stringLit(what), deref(path(item, p.API.KeyedBy)))),
		ifStmt(binary(ident("err"), token.NEQ, nilIdent()), returns(nilIdent(), ident("err"))),
		define([]string{value, "err"}, call(path(item, "ConvertToARM"), ident(resolvedParam))),
		ifStmt(binary(ident("err"), token.NEQ, nilIdent()), returns(nilIdent(), ident("err"))),
		assign(&dst.IndexExpr{X: cp(target), Index: ident(key)}, deref(&dst.TypeAssertExpr{X: ident(value), Type: deref(c.fb.typeName(wv))})),
	}
	return []dst.Stmt{
		assign(cp(target), call(ident("make"), mapType, call(ident("len"), cp(src)))),
		rangeStmt("_", item, cp(src), loop...),
	}, nil
}

// nilable tells a type whose zero value is nil: pointers, slices and maps, named or not.
func (fb *fileBuilder) nilable(t astmodel.Type) bool {
	for range 100 {
		switch x := astmodel.WithoutValidations(t).(type) {
		case astmodel.OptionalType, astmodel.ArrayType, astmodel.MapType:
			return true
		case astmodel.TypeName:
			d, ok := fb.defs[x]
			if !ok || !x.Package.IsAPI() {
				return false
			}
			t = d.Type
		default:
			return false
		}
	}
	return false
}

// declare returns statements that declare v of type t and set it by inner; when inner is one
// plain assignment to v, the two become one short declaration (v := x).
func declare(v string, t dst.Expr, inner []dst.Stmt) []dst.Stmt {
	if len(inner) == 1 {
		if a, ok := inner[0].(*dst.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 {
			if id, ok := a.Lhs[0].(*dst.Ident); ok && id.Name == v {
				return []dst.Stmt{define([]string{v}, a.Rhs[0])}
			}
		}
	}
	return append([]dst.Stmt{varDecl(v, t)}, inner...)
}

// cp copies an expression: a dst node may appear only once in a tree.
func cp(x dst.Expr) dst.Expr { return dst.Clone(x).(dst.Expr) }

// toARM renders statements that set target (of wire type wt) from src (of API type t). checked
// says src is known not to be nil.
func (c *armConv) toARM(t, wt astmodel.Type, src, target dst.Expr, stem, what string, checked bool) ([]dst.Stmt, error) {
	t = astmodel.WithoutValidations(t)
	guard := func(stmts []dst.Stmt) []dst.Stmt {
		if checked {
			return stmts
		}
		return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()), stmts...)}
	}
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			// A value the API requires is still optional on the wire.
			v := c.local(stem + "Value")
			we, err := c.fb.typeExpr(wo.Element)
			if err != nil {
				return nil, err
			}
			inner, err := c.toARM(t, wo.Element, src, ident(v), stem, what, checked)
			if err != nil {
				return nil, err
			}
			stmts := declare(v, we, inner)
			return append(stmts, assign(cp(target), addr(ident(v)))), nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		we := astmodel.WithoutOptional(wt)
		v := c.local(stem + "Value")
		wtExpr, err := c.fb.typeExpr(we)
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Element, we, deref(cp(src)), ident(v), stem, what, true)
		if err != nil {
			return nil, err
		}
		stmts := declare(v, wtExpr, inner)
		if _, pointer := wt.(astmodel.OptionalType); pointer {
			return guard(append(stmts, assign(cp(target), addr(ident(v))))), nil
		}
		return guard(append(stmts, assign(cp(target), ident(v)))), nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return nil, fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		wtExpr, err := c.fb.typeExpr(wa)
		if err != nil {
			return nil, err
		}
		elExpr, err := c.fb.typeExpr(wa.Element)
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Element, wa.Element, ident(item), ident(v), stem, what, true)
		if err != nil {
			return nil, err
		}
		loop := declare(v, elExpr, inner)
		loop = append(loop, assign(cp(target), call(ident("append"), cp(target), ident(v))))
		return guard([]dst.Stmt{
			assign(cp(target), call(ident("make"), wtExpr, ident("0"), call(ident("len"), cp(src)))),
			rangeStmt("_", item, cp(src), loop...),
		}), nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return nil, fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		wtExpr, err := c.fb.typeExpr(wm)
		if err != nil {
			return nil, err
		}
		valExpr, err := c.fb.typeExpr(wm.Value)
		if err != nil {
			return nil, err
		}
		keyExpr, err := c.scalarToARM(x.Key, wm.Key, ident(key))
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Value, wm.Value, ident(item), ident(v), stem, what, true)
		if err != nil {
			return nil, err
		}
		loop := declare(v, valExpr, inner)
		loop = append(loop, assign(&dst.IndexExpr{X: cp(target), Index: keyExpr}, ident(v)))
		return guard([]dst.Stmt{
			assign(cp(target), call(ident("make"), wtExpr, call(ident("len"), cp(src)))),
			rangeStmt(key, item, cp(src), loop...),
		}), nil
	case astmodel.TypeName:
		switch x {
		case astmodel.ResourceReferenceType:
			return c.lookup("ARMID", src, target, stem, what), nil
		case astmodel.WellKnownReferenceType:
			return c.lookup("WellKnownARMID", src, target, stem, what), nil
		case astmodel.SecretReferenceType:
			return c.lookup("Secret", src, target, stem, what), nil
		case astmodel.SecretMapReferenceType:
			return c.lookup("SecretMap", src, target, stem, what), nil
		case astmodel.ConfigMapReferenceType:
			return c.lookup("ConfigMapValue", src, target, stem, what), nil
		}
		if d, ok := c.fb.defs[x]; ok && x.Package.IsAPI() {
			switch dt := d.Type.(type) {
			case *astmodel.ObjectType:
				v := c.local(stem + "ARM")
				wn, ok := wt.(astmodel.TypeName)
				if !ok {
					return nil, fmt.Errorf("%s: object %s has no wire object but %s", what, x, wt)
				}
				return []dst.Stmt{
					define([]string{v, "err"}, call(sel(receiverOf(cp(src)), "ConvertToARM"), ident(resolvedParam))),
					ifStmt(binary(ident("err"), token.NEQ, nilIdent()), returns(nilIdent(), ident("err"))),
					assign(cp(target), deref(&dst.TypeAssertExpr{X: ident(v), Type: deref(c.fb.typeName(wn))})),
				}, nil
			case astmodel.EnumType:
			default:
				if _, scalar := astmodel.WithoutValidations(dt).(astmodel.PrimitiveType); !scalar {
					return c.toARM(dt, wt, src, target, stem, what, checked)
				}
			}
		}
	}
	x, err := c.scalarToARM(t, wt, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return []dst.Stmt{assign(cp(target), x)}, nil
}

// scalarToARM converts a scalar: the same primitive as it is, an enum or a named primitive by a
// cast to the wire's primitive.
func (c *armConv) scalarToARM(t, wt astmodel.Type, src dst.Expr) (dst.Expr, error) {
	wp, ok := wt.(astmodel.PrimitiveType)
	if !ok {
		if tn, same := t.(astmodel.TypeName); same && !tn.Package.IsAPI() && tn == wt {
			return cp(src), nil // free-form JSON and other external values travel as they are
		}
		return nil, fmt.Errorf("cannot convert %s to the wire's %s", t, wt)
	}
	if p, ok := astmodel.WithoutValidations(t).(astmodel.PrimitiveType); ok && p == wp {
		return cp(src), nil
	}
	return call(ident(wp.GoName()), cp(src)), nil
}

// lookup renders a reference, secret or config-map value resolved by the caller.
func (c *armConv) lookup(fn string, src, target dst.Expr, stem, what string) []dst.Stmt {
	v := c.local(stem + "Resolved")
	return []dst.Stmt{
		define([]string{v, "err"}, call(path(resolvedParam, fn), stringLit(what), cp(src))),
		ifStmt(binary(ident("err"), token.NEQ, nilIdent()), returns(nilIdent(), ident("err"))),
		assign(cp(target), ident(v)),
	}
}

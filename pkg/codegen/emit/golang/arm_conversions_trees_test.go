// The ARM conversion methods as they were built before they were written as text
// (armConversionText): syntax trees, printed by the printers. Kept here, unchanged but for the
// names, so that TestARMConversionTextMatchesTrees holds the text to what the trees print.

package golang

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// treeARMConversionDecls renders the methods that convert an API object to and from its wire type,
// as the ARM plan says: ConvertToARM, NewEmptyARMValue and PopulateFromARM. Status objects get
// ConvertToARM too: nothing sends them, but it lets tests (and the ARM emulator's users) make
// the wire value a status reads back.
func (fb *fileBuilder) treeARMConversionDecls(def astmodel.Definition) ([]dst.Decl, error) {
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
	to, err := fb.treeConvertToARM(o, obj, recv)
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
	from, err := fb.treePopulateFromARM(o, obj, recv)
	if err != nil {
		return nil, fmt.Errorf("%s.PopulateFromARM: %w", name, err)
	}
	return append(decls, empty, from), nil
}

// treeARMConv renders the value conversions of one method.
type treeARMConv struct {
	fb    *fileBuilder
	names map[string]int
}

// local returns a fresh local name from a stem.
func (c *treeARMConv) local(stem string) string {
	c.names[stem]++
	if n := c.names[stem]; n > 1 {
		return stem + strconv.Itoa(n)
	}
	return stem
}

// convertToARM renders ConvertToARM: nil stays nil; every set property is converted into the
// wire type, its envelopes made only when something goes into them.
func (fb *fileBuilder) treeConvertToARM(o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) (dst.Decl, error) {
	c := &treeARMConv{fb: fb, names: make(map[string]int)}
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
func (c *treeARMConv) propertyToARM(o *astmodel.ARMObject, p astmodel.ARMProperty, recv string) ([]dst.Stmt, error) {
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
func (c *treeARMConv) keyedListToARM(p astmodel.ARMProperty, src, target dst.Expr, what string) ([]dst.Stmt, error) {
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

// declare returns statements that declare v of type t and set it by inner; when inner is one
// plain assignment to v, the two become one short declaration (v := x).
func treeDeclare(v string, t dst.Expr, inner []dst.Stmt) []dst.Stmt {
	if len(inner) == 1 {
		if a, ok := inner[0].(*dst.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 {
			if id, ok := a.Lhs[0].(*dst.Ident); ok && id.Name == v {
				return []dst.Stmt{define([]string{v}, a.Rhs[0])}
			}
		}
	}
	return append([]dst.Stmt{varDecl(v, t)}, inner...)
}

// toARM renders statements that set target (of wire type wt) from src (of API type t). checked
// says src is known not to be nil.
func (c *treeARMConv) toARM(t, wt astmodel.Type, src, target dst.Expr, stem, what string, checked bool) ([]dst.Stmt, error) {
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
			stmts := treeDeclare(v, we, inner)
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
		stmts := treeDeclare(v, wtExpr, inner)
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
		loop := treeDeclare(v, elExpr, inner)
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
		loop := treeDeclare(v, valExpr, inner)
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
func (c *treeARMConv) scalarToARM(t, wt astmodel.Type, src dst.Expr) (dst.Expr, error) {
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
func (c *treeARMConv) lookup(fn string, src, target dst.Expr, stem, what string) []dst.Stmt {
	v := c.local(stem + "Resolved")
	return []dst.Stmt{
		define([]string{v, "err"}, call(path(resolvedParam, fn), stringLit(what), cp(src))),
		ifStmt(binary(ident("err"), token.NEQ, nilIdent()), returns(nilIdent(), ident("err"))),
		assign(cp(target), ident(v)),
	}
}

// populateFromARM renders PopulateFromARM: it accepts the wire type or a pointer to it, reads
// each property from its place on the wire (through envelopes that may be absent), turns ARM IDs
// into ARM ID references, and leaves secrets and config-map values alone (ARM never returns
// them). A resource's spec takes its azureName from the wire name and its owner from owner.
func (fb *fileBuilder) treePopulateFromARM(o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) (dst.Decl, error) {
	c := &treeARMConv{fb: fb, names: make(map[string]int)}
	armType := func() dst.Expr { return fb.typeName(o.ARM) }
	unexpected := returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit("unexpected type %T for "+o.API.Name+", want arm."+o.ARM.Name), ident(armInputParam)))
	body := []dst.Stmt{
		define([]string{typedVar, "ok"}, &dst.TypeAssertExpr{X: ident(armInputParam), Type: armType()}),
		ifStmt(&dst.UnaryExpr{Op: token.NOT, X: ident("ok")},
			define([]string{"pointer", "ok"}, &dst.TypeAssertExpr{X: ident(armInputParam), Type: deref(armType())}),
			ifStmt(&dst.UnaryExpr{Op: token.NOT, X: ident("ok")}, unexpected),
			ifStmt(binary(ident("pointer"), token.EQL, nilIdent()), returns(nilIdent())),
			assign(ident(typedVar), deref(ident("pointer"))),
		),
	}
	if o.ResourceSpec {
		// The operator's own azureName and owner have no wire name; a swagger property may be
		// called owner too (a subscription's owner, on the wire).
		if p, ok := obj.PropertyByJSON("azureName"); ok && p.ARMName == "" {
			body = append(body, ifStmt(binary(path(typedVar, "Name"), token.NEQ, nilIdent()),
				assign(path(recv, p.Name), call(fb.qualified(astmodel.GenRuntimePackage, "NameFromARM"), deref(path(typedVar, "Name"))))))
		}
		if p, ok := obj.PropertyByJSON("owner"); ok && p.ARMName == "" {
			switch astmodel.Unwrap(p.Type) {
			case astmodel.KnownResourceReferenceType:
				body = append(body, assign(path(recv, p.Name), addr(composite(fb.typeName(astmodel.KnownResourceReferenceType),
					keyValue("Name", path(ownerParam, "Name")), keyValue("ARMID", path(ownerParam, "ARMID"))))))
			case astmodel.ArbitraryOwnerReferenceType:
				body = append(body, assign(path(recv, p.Name), addr(ident(ownerParam))))
			default:
				return nil, fmt.Errorf("owner of type %s", p.Type)
			}
		}
	}
	read := false
	for _, p := range o.Properties {
		if !readableFromARM(p.API.Type) {
			continue
		}
		read = true
		src := dst.Expr(ident(typedVar))
		var guards []dst.Expr
		for _, env := range p.Path {
			src = sel(src, env.Field)
			guards = append(guards, binary(cp(src), token.NEQ, nilIdent()))
		}
		src = sel(src, p.Field)
		var stmts []dst.Stmt
		var err error
		if p.API.KeyedBy != "" {
			stmts, err = c.keyedListFromARM(p, src, path(recv, p.API.Name))
		} else {
			stmts, err = c.fromARM(p.API.Type, p.Type, src, path(recv, p.API.Name), localBase(p.API.Name), o.API.Name+"."+p.API.JSONName)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.API.Name, err)
		}
		for i := len(guards) - 1; i >= 0; i-- {
			stmts = []dst.Stmt{ifStmt(guards[i], stmts...)}
		}
		body = append(body, stmts...)
	}
	if !read {
		// Nothing of this object comes back from Azure; the input is still checked.
		body = append(body, assign(ident("_"), ident(typedVar)))
	}
	body = append(body, returns(nilIdent()))
	params := []*dst.Field{
		field(ownerParam, fb.qualified(astmodel.GenRuntimePackage, "ArbitraryOwnerReference")),
		field(armInputParam, ident("any")),
	}
	return withDoc(method(recv, o.API.Name, "PopulateFromARM", params, []*dst.Field{field("", ident("error"))}, body...),
		"PopulateFromARM fills the receiver from an arm."+o.ARM.Name+" (or a pointer to one), as Azure returned it."), nil
}

// keyedListFromARM reads a map keyed by ARM ID back into a list of ARM ID references, in key
// order so that the list does not change from one read to the next.
func (c *treeARMConv) keyedListFromARM(p astmodel.ARMProperty, src, target dst.Expr) ([]dst.Stmt, error) {
	list, ok := astmodel.WithoutValidations(p.API.Type).(astmodel.ArrayType)
	if !ok {
		return nil, fmt.Errorf("keyed by %s but not a list: %s", p.API.KeyedBy, p.API.Type)
	}
	itemType, err := c.fb.typeExpr(list.Element)
	if err != nil {
		return nil, err
	}
	key := c.local(localBase(p.API.Name) + "Key")
	keys := call(c.fb.qualified(slicesPackage, "Sorted"), call(c.fb.qualified(mapsPackage, "Keys"), cp(src)))
	ref := addr(composite(c.fb.typeName(astmodel.ResourceReferenceType), keyValue("ARMID", ident(key))))
	return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()),
		rangeStmt("_", key, keys,
			assign(cp(target), call(ident("append"), cp(target), composite(itemType, keyValue(p.API.KeyedBy, ref))))))}, nil
}

// fromARM renders statements that set target (of API type t) from src (of wire type wt).
func (c *treeARMConv) fromARM(t, wt astmodel.Type, src, target dst.Expr, stem, what string) ([]dst.Stmt, error) {
	t = astmodel.WithoutValidations(t)
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			inner, err := c.fromARM(t, wo.Element, deref(cp(src)), target, stem, what)
			if err != nil {
				return nil, err
			}
			return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()), inner...)}, nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		v := c.local(stem + "Value")
		te, err := c.fb.typeExpr(x.Element)
		if err != nil {
			return nil, err
		}
		var inner []dst.Stmt
		if wo, ok := wt.(astmodel.OptionalType); ok {
			inner, err = c.fromARM(x.Element, wo.Element, deref(cp(src)), ident(v), stem, what)
		} else {
			inner, err = c.fromARM(x.Element, wt, cp(src), ident(v), stem, what)
		}
		if err != nil {
			return nil, err
		}
		stmts := treeDeclare(v, te, inner)
		stmts = append(stmts, assign(cp(target), addr(ident(v))))
		if c.fb.nilable(wt) {
			return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()), stmts...)}, nil
		}
		return stmts, nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return nil, fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		te, err := c.fb.typeExpr(x.Element)
		if err != nil {
			return nil, err
		}
		inner, err := c.fromARM(x.Element, wa.Element, ident(item), ident(v), stem, what)
		if err != nil {
			return nil, err
		}
		loop := treeDeclare(v, te, inner)
		loop = append(loop, assign(cp(target), call(ident("append"), cp(target), ident(v))))
		return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()), rangeStmt("_", item, cp(src), loop...))}, nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return nil, fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		me, err := c.fb.typeExpr(x)
		if err != nil {
			return nil, err
		}
		te, err := c.fb.typeExpr(x.Value)
		if err != nil {
			return nil, err
		}
		keyExpr, err := c.scalarFromARM(x.Key, ident(key))
		if err != nil {
			return nil, err
		}
		inner, err := c.fromARM(x.Value, wm.Value, ident(item), ident(v), stem, what)
		if err != nil {
			return nil, err
		}
		loop := treeDeclare(v, te, inner)
		loop = append(loop, assign(&dst.IndexExpr{X: cp(target), Index: keyExpr}, ident(v)))
		return []dst.Stmt{ifStmt(binary(cp(src), token.NEQ, nilIdent()),
			assign(cp(target), call(ident("make"), me, call(ident("len"), cp(src)))),
			rangeStmt(key, item, cp(src), loop...))}, nil
	case astmodel.TypeName:
		if x == astmodel.ResourceReferenceType {
			return []dst.Stmt{assign(cp(target), composite(c.fb.typeName(x), keyValue("ARMID", cp(src))))}, nil
		}
		if x == astmodel.WellKnownReferenceType {
			// Azure answers what it was sent: an ARM ID, or a name it knows (an alias).
			return []dst.Stmt{assign(cp(target), call(c.fb.qualified(astmodel.GenRuntimePackage, "WellKnownReferenceFromARM"), cp(src)))}, nil
		}
		if d, ok := c.fb.defs[x]; ok && x.Package.IsAPI() {
			switch dt := d.Type.(type) {
			case *astmodel.ObjectType:
				return []dst.Stmt{&dst.IfStmt{
					Init: define([]string{"err"}, call(sel(receiverOf(cp(target)), "PopulateFromARM"), ident(ownerParam), cp(src))),
					Cond: binary(ident("err"), token.NEQ, nilIdent()),
					Body: &dst.BlockStmt{List: []dst.Stmt{returns(ident("err"))}},
				}}, nil
			case astmodel.EnumType:
			default:
				if _, scalar := astmodel.WithoutValidations(dt).(astmodel.PrimitiveType); !scalar {
					// A named list or map is assignable from its definition's unnamed type.
					return c.fromARM(dt, wt, src, target, stem, what)
				}
			}
		}
	}
	x, err := c.scalarFromARM(t, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return []dst.Stmt{assign(cp(target), x)}, nil
}

// scalarFromARM converts a wire scalar to the API's: as it is, or by a cast to an enum or named
// primitive.
func (c *treeARMConv) scalarFromARM(t astmodel.Type, src dst.Expr) (dst.Expr, error) {
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		return cp(src), nil
	case astmodel.TypeName:
		if !x.Package.IsAPI() {
			return cp(src), nil
		}
		if e, ok := c.fb.defs[x].Type.(astmodel.EnumType); ok && e.Base == astmodel.StringType && len(e.Values) > 0 {
			// Azure returns enum values re-cased; read them back as declared.
			return call(c.fb.qualified(astmodel.GenRuntimePackage, "ToEnum"), cp(src), c.fb.qualified(x.Package, EnumValuesName(x.Name))), nil
		}
		return call(c.fb.typeName(x), cp(src)), nil
	}
	return nil, fmt.Errorf("cannot read %s from the wire", t)
}

package golang

import (
	"fmt"
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// populateFromARM renders PopulateFromARM: it accepts the wire type or a pointer to it, reads
// each property from its place on the wire (through envelopes that may be absent), turns ARM IDs
// into ARM ID references, and leaves secrets and config-map values alone (ARM never returns
// them). A resource's spec takes its azureName from the wire name and its owner from owner.
func (fb *fileBuilder) populateFromARM(o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) (dst.Decl, error) {
	c := &armConv{fb: fb, names: make(map[string]int)}
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
func (c *armConv) keyedListFromARM(p astmodel.ARMProperty, src, target dst.Expr) ([]dst.Stmt, error) {
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

// readableFromARM tells whether ARM returns a value of t: secrets and config-map values are
// sent, never read back.
func readableFromARM(t astmodel.Type) bool {
	for _, n := range astmodel.References(t) {
		if n == astmodel.SecretReferenceType || n == astmodel.SecretMapReferenceType || n == astmodel.ConfigMapReferenceType {
			return false
		}
	}
	return true
}

// fromARM renders statements that set target (of API type t) from src (of wire type wt).
func (c *armConv) fromARM(t, wt astmodel.Type, src, target dst.Expr, stem, what string) ([]dst.Stmt, error) {
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
		stmts := declare(v, te, inner)
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
		loop := declare(v, te, inner)
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
		loop := declare(v, te, inner)
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
func (c *armConv) scalarFromARM(t astmodel.Type, src dst.Expr) (dst.Expr, error) {
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

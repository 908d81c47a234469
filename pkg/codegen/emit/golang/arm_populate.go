package golang

import (
	"fmt"
	"strconv"

	"github.com/armgen/armgen/pkg/astmodel"
)

// populateFromARM renders the body of PopulateFromARM: it accepts the wire type or a pointer to
// it, reads each property from its place on the wire (through envelopes that may be absent),
// turns ARM IDs into ARM ID references, and leaves secrets and config-map values alone (ARM
// never returns them). A resource's spec takes its azureName from the wire name and its owner
// from owner.
func (fb *fileBuilder) populateFromARM(o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) ([]stmt, error) {
	c := &armConv{fb: fb, names: make(map[string]int)}
	armType := fb.qualifiedText(o.ARM.Package, o.ARM.Name)
	unexpected := simpleStmt("return " + callText(fb.qualifiedText(fmtPackage, "Errorf"), strconv.Quote("unexpected type %T for "+o.API.Name+", want arm."+o.ARM.Name), armInputParam))
	body := []stmt{
		defineStmt(typedVar+", ok", armInputParam+".("+armType+")"),
		ifBlock("!ok",
			defineStmt("pointer, ok", armInputParam+".("+derefText(armType)+")"),
			ifBlock("!ok", unexpected),
			ifBlock("pointer == nil", simpleStmt("return nil")),
			assignStmt(typedVar, derefText("pointer")),
		),
	}
	if o.ResourceSpec {
		// The operator's own azureName and owner have no wire name; a swagger property may be
		// called owner too (a subscription's owner, on the wire).
		if p, ok := obj.PropertyByJSON("azureName"); ok && p.ARMName == "" {
			body = append(body, ifBlock(typedVar+".Name != nil",
				assignStmt(recv+"."+p.Name, callText(fb.qualifiedText(astmodel.GenRuntimePackage, "NameFromARM"), derefText(typedVar+".Name")))))
		}
		if p, ok := obj.PropertyByJSON("owner"); ok && p.ARMName == "" {
			switch astmodel.Unwrap(p.Type) {
			case astmodel.KnownResourceReferenceType:
				known := fb.qualifiedText(astmodel.KnownResourceReferenceType.Package, astmodel.KnownResourceReferenceType.Name)
				body = append(body, assignStmt(recv+"."+p.Name, "&"+known+"{Name: "+ownerParam+".Name, ARMID: "+ownerParam+".ARMID}"))
			case astmodel.ArbitraryOwnerReferenceType:
				body = append(body, assignStmt(recv+"."+p.Name, addrText(ownerParam)))
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
		src := typedVar
		var guards []string
		for _, env := range p.Path {
			src += "." + env.Field
			guards = append(guards, src+" != nil")
		}
		src += "." + p.Field
		var stmts []stmt
		var err error
		if p.API.KeyedBy != "" {
			stmts, err = c.keyedListFromARM(p, src, recv+"."+p.API.Name)
		} else {
			stmts, err = c.fromARM(p.API.Type, p.Type, src, recv+"."+p.API.Name, localBase(p.API.Name), o.API.Name+"."+p.API.JSONName)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.API.Name, err)
		}
		for i := len(guards) - 1; i >= 0; i-- {
			stmts = []stmt{ifBlock(guards[i], stmts...)}
		}
		body = append(body, stmts...)
	}
	if !read {
		// Nothing of this object comes back from Azure; the input is still checked.
		body = append(body, assignStmt("_", typedVar))
	}
	return append(body, simpleStmt("return nil")), nil
}

// keyedListFromARM reads a map keyed by ARM ID back into a list of ARM ID references, in key
// order so that the list does not change from one read to the next.
func (c *armConv) keyedListFromARM(p astmodel.ARMProperty, src, target string) ([]stmt, error) {
	list, ok := astmodel.WithoutValidations(p.API.Type).(astmodel.ArrayType)
	if !ok {
		return nil, fmt.Errorf("keyed by %s but not a list: %s", p.API.KeyedBy, p.API.Type)
	}
	itemType, err := c.fb.typeText(list.Element)
	if err != nil {
		return nil, err
	}
	key := c.local(localBase(p.API.Name) + "Key")
	keys := callText(c.fb.qualifiedText(slicesPackage, "Sorted"), callText(c.fb.qualifiedText(mapsPackage, "Keys"), src))
	ref := "&" + c.fb.qualifiedText(astmodel.ResourceReferenceType.Package, astmodel.ResourceReferenceType.Name) + "{ARMID: " + key + "}"
	return []stmt{ifBlock(src+" != nil",
		rangeBlock("_", key, keys,
			assignStmt(target, callText("append", target, itemType+"{"+p.API.KeyedBy+": "+ref+"}"))))}, nil
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
func (c *armConv) fromARM(t, wt astmodel.Type, src, target, stem, what string) ([]stmt, error) {
	t = astmodel.WithoutValidations(t)
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			inner, err := c.fromARM(t, wo.Element, derefText(src), target, stem, what)
			if err != nil {
				return nil, err
			}
			return []stmt{ifBlock(src+" != nil", inner...)}, nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		v := c.local(stem + "Value")
		te, err := c.fb.typeText(x.Element)
		if err != nil {
			return nil, err
		}
		var inner []stmt
		if wo, ok := wt.(astmodel.OptionalType); ok {
			inner, err = c.fromARM(x.Element, wo.Element, derefText(src), v, stem, what)
		} else {
			inner, err = c.fromARM(x.Element, wt, src, v, stem, what)
		}
		if err != nil {
			return nil, err
		}
		stmts := declare(v, te, inner)
		stmts = append(stmts, assignStmt(target, addrText(v)))
		if c.fb.nilable(wt) {
			return []stmt{ifBlock(src+" != nil", stmts...)}, nil
		}
		return stmts, nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return nil, fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		te, err := c.fb.typeText(x.Element)
		if err != nil {
			return nil, err
		}
		inner, err := c.fromARM(x.Element, wa.Element, item, v, stem, what)
		if err != nil {
			return nil, err
		}
		loop := declare(v, te, inner)
		loop = append(loop, assignStmt(target, callText("append", target, v)))
		return []stmt{ifBlock(src+" != nil", rangeBlock("_", item, src, loop...))}, nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return nil, fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		me, err := c.fb.typeText(x)
		if err != nil {
			return nil, err
		}
		te, err := c.fb.typeText(x.Value)
		if err != nil {
			return nil, err
		}
		keyText, err := c.scalarFromARM(x.Key, key)
		if err != nil {
			return nil, err
		}
		inner, err := c.fromARM(x.Value, wm.Value, item, v, stem, what)
		if err != nil {
			return nil, err
		}
		loop := declare(v, te, inner)
		loop = append(loop, assignStmt(target+"["+keyText+"]", v))
		return []stmt{ifBlock(src+" != nil",
			assignStmt(target, callText("make", me, callText("len", src))),
			rangeBlock(key, item, src, loop...))}, nil
	case astmodel.TypeName:
		if x == astmodel.ResourceReferenceType {
			return []stmt{assignStmt(target, c.fb.qualifiedText(x.Package, x.Name)+"{ARMID: "+src+"}")}, nil
		}
		if x == astmodel.WellKnownReferenceType {
			// Azure answers what it was sent: an ARM ID, or a name it knows (an alias).
			return []stmt{assignStmt(target, callText(c.fb.qualifiedText(astmodel.GenRuntimePackage, "WellKnownReferenceFromARM"), src))}, nil
		}
		if d, ok := c.fb.defs[x]; ok && x.Package.IsAPI() {
			switch dt := d.Type.(type) {
			case *astmodel.ObjectType:
				populate := callText(receiverText(target)+".PopulateFromARM", ownerParam, src)
				return []stmt{ifBlock("err := "+populate+"; err != nil", simpleStmt("return err"))}, nil
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
	return []stmt{assignStmt(target, x)}, nil
}

// scalarFromARM converts a wire scalar to the API's: as it is, or by a cast to an enum or named
// primitive.
func (c *armConv) scalarFromARM(t astmodel.Type, src string) (string, error) {
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		return src, nil
	case astmodel.TypeName:
		if !x.Package.IsAPI() {
			return src, nil
		}
		if e, ok := c.fb.defs[x].Type.(astmodel.EnumType); ok && e.Base == astmodel.StringType && len(e.Values) > 0 {
			// Azure returns enum values re-cased; read them back as declared.
			return callText(c.fb.qualifiedText(astmodel.GenRuntimePackage, "ToEnum"), src, c.fb.qualifiedText(x.Package, EnumValuesName(x.Name))), nil
		}
		return callText(c.fb.qualifiedText(x.Package, x.Name), src), nil
	}
	return "", fmt.Errorf("cannot read %s from the wire", t)
}

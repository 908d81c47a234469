package golang

import (
	"fmt"
	"strconv"

	"github.com/armgen/armgen/pkg/astmodel"
)

// populateFromARM writes the body of PopulateFromARM: it accepts the wire type or a pointer to
// it, reads each property from its place on the wire (through envelopes that may be absent),
// turns ARM IDs into ARM ID references, and leaves secrets and config-map values alone (ARM
// never returns them). A resource's spec takes its azureName from the wire name and its owner
// from owner. Like convertToARM, it writes straight into w.
func (fb *fileBuilder) populateFromARM(w *goText, o *astmodel.ARMObject, obj *astmodel.ObjectType, recv string) error {
	c := &armConv{fb: fb, names: make(map[string]int), w: w}
	armType := fb.qualifiedText(o.ARM.Package, o.ARM.Name)
	w.lineOf(typedVar, ", ok := ", armInputParam, ".(", armType, ")")
	w.openOf("if !ok")
	w.lineOf("pointer, ok := ", armInputParam, ".(*", armType, ")")
	w.openOf("if !ok")
	w.lineOf("return ", fb.qualifiedText(fmtPackage, "Errorf"), "(", strconv.Quote("unexpected type %T for "+o.API.Name+", want arm."+o.ARM.Name), ", ", armInputParam, ")")
	w.close()
	w.openOf("if pointer == nil")
	w.lineOf("return nil")
	w.close()
	w.lineOf(typedVar, " = *pointer")
	w.close()
	if o.ResourceSpec {
		// The operator's own azureName and owner have no wire name; a swagger property may be
		// called owner too (a subscription's owner, on the wire).
		if p, ok := obj.PropertyByJSON("azureName"); ok && p.ARMName == "" {
			w.openOf("if ", typedVar, ".Name != nil")
			w.lineOf(recv, ".", p.Name, " = ", fb.qualifiedText(astmodel.GenRuntimePackage, "NameFromARM"), "(*", typedVar, ".Name)")
			w.close()
		}
		if p, ok := obj.PropertyByJSON("owner"); ok && p.ARMName == "" {
			switch astmodel.Unwrap(p.Type) {
			case astmodel.KnownResourceReferenceType:
				known := fb.qualifiedText(astmodel.KnownResourceReferenceType.Package, astmodel.KnownResourceReferenceType.Name)
				w.lineOf(recv, ".", p.Name, " = &", known, "{Name: ", ownerParam, ".Name, ARMID: ", ownerParam, ".ARMID}")
			case astmodel.ArbitraryOwnerReferenceType:
				w.lineOf(recv, ".", p.Name, " = &", ownerParam)
			default:
				return fmt.Errorf("owner of type %s", p.Type)
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
		for _, env := range p.Path {
			src += "." + env.Field
			w.openOf("if ", src, " != nil")
		}
		src += "." + p.Field
		var err error
		if p.API.KeyedBy != "" {
			err = c.keyedListFromARM(p, src, recv+"."+p.API.Name)
		} else {
			err = c.fromARM(p.API.Type, p.Type, src, recv+"."+p.API.Name, localBase(p.API.Name), o.API.Name+"."+p.API.JSONName)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.API.Name, err)
		}
		for range p.Path {
			w.close()
		}
	}
	if !read {
		// Nothing of this object comes back from Azure; the input is still checked.
		w.lineOf("_ = ", typedVar)
	}
	w.lineOf("return nil")
	return nil
}

// keyedListFromARM reads a map keyed by ARM ID back into a list of ARM ID references, in key
// order so that the list does not change from one read to the next.
func (c *armConv) keyedListFromARM(p astmodel.ARMProperty, src, target string) error {
	w := c.w
	list, ok := astmodel.WithoutValidations(p.API.Type).(astmodel.ArrayType)
	if !ok {
		return fmt.Errorf("keyed by %s but not a list: %s", p.API.KeyedBy, p.API.Type)
	}
	itemType, err := c.fb.typeText(list.Element)
	if err != nil {
		return err
	}
	key := c.local(localBase(p.API.Name) + "Key")
	w.openOf("if ", src, " != nil")
	w.openOf("for _, ", key, " := range ", c.fb.qualifiedText(slicesPackage, "Sorted"), "(", c.fb.qualifiedText(mapsPackage, "Keys"), "(", src, "))")
	w.lineOf(target, " = append(", target, ", ", itemType, "{", p.API.KeyedBy, ": &",
		c.fb.qualifiedText(astmodel.ResourceReferenceType.Package, astmodel.ResourceReferenceType.Name), "{ARMID: ", key, "}})")
	w.close()
	w.close()
	return nil
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

// fromARM writes statements that set target (of API type t) from src (of wire type wt).
func (c *armConv) fromARM(t, wt astmodel.Type, src, target, stem, what string) error {
	w := c.w
	t = astmodel.WithoutValidations(t)
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			w.openOf("if ", src, " != nil")
			if err := c.fromARM(t, wo.Element, derefText(src), target, stem, what); err != nil {
				return err
			}
			w.close()
			return nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		v := c.local(stem + "Value")
		te, err := c.fb.typeText(x.Element)
		if err != nil {
			return err
		}
		guarded := c.fb.nilable(wt)
		if guarded {
			w.openOf("if ", src, " != nil")
		}
		if err := c.declareText(v, te, func() error {
			if wo, ok := wt.(astmodel.OptionalType); ok {
				return c.fromARM(x.Element, wo.Element, derefText(src), v, stem, what)
			}
			return c.fromARM(x.Element, wt, src, v, stem, what)
		}); err != nil {
			return err
		}
		w.lineOf(target, " = &", v)
		if guarded {
			w.close()
		}
		return nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		te, err := c.fb.typeText(x.Element)
		if err != nil {
			return err
		}
		w.openOf("if ", src, " != nil")
		w.openOf("for _, ", item, " := range ", src)
		if err := c.declareText(v, te, func() error { return c.fromARM(x.Element, wa.Element, item, v, stem, what) }); err != nil {
			return err
		}
		w.lineOf(target, " = append(", target, ", ", v, ")")
		w.close()
		w.close()
		return nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		me, err := c.fb.typeText(x)
		if err != nil {
			return err
		}
		te, err := c.fb.typeText(x.Value)
		if err != nil {
			return err
		}
		keyText, err := c.scalarFromARM(x.Key, key)
		if err != nil {
			return err
		}
		w.openOf("if ", src, " != nil")
		w.lineOf(target, " = make(", me, ", len(", src, "))")
		w.openOf("for ", key, ", ", item, " := range ", src)
		if err := c.declareText(v, te, func() error { return c.fromARM(x.Value, wm.Value, item, v, stem, what) }); err != nil {
			return err
		}
		w.lineOf(target, "[", keyText, "] = ", v)
		w.close()
		w.close()
		return nil
	case astmodel.TypeName:
		if x == astmodel.ResourceReferenceType {
			w.lineOf(target, " = ", c.fb.qualifiedText(x.Package, x.Name), "{ARMID: ", src, "}")
			return nil
		}
		if x == astmodel.WellKnownReferenceType {
			// Azure answers what it was sent: an ARM ID, or a name it knows (an alias).
			w.lineOf(target, " = ", c.fb.qualifiedText(astmodel.GenRuntimePackage, "WellKnownReferenceFromARM"), "(", src, ")")
			return nil
		}
		if d, ok := c.fb.defs[x]; ok && x.Package.IsAPI() {
			switch dt := d.Type.(type) {
			case *astmodel.ObjectType:
				w.openOf("if err := ", receiverText(target), ".PopulateFromARM(", ownerParam, ", ", src, "); err != nil")
				w.lineOf("return err")
				w.close()
				return nil
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
		return fmt.Errorf("%s: %w", what, err)
	}
	w.lineOf(target, " = ", x)
	return nil
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

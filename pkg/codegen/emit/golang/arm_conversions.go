package golang

import (
	"bytes"
	"fmt"
	"strconv"

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

// armConversionText writes the methods that convert an API object to and from its wire type,
// as the ARM plan says: ConvertToARM, NewEmptyARMValue and PopulateFromARM, after an assertion
// of the interface they make. Status objects get ConvertToARM too: nothing sends them, but it
// lets tests (and the ARM emulator's users) make the wire value a status reads back. Nothing is
// written for an object the plan does not convert.
//
// These methods are the largest family of code a whole-corpus run generates and follow a few
// fixed patterns, so they are written as text (see goText) rather than built as syntax trees
// and printed; TestTextDeclsAreGofmtStable holds them to gofmt and the goldens to what the trees
// printed.
func (fb *fileBuilder) armConversionText(w *goText, def astmodel.Definition) error {
	o, ok := fb.arm.Of(def.Name)
	if !ok {
		return nil
	}
	obj, ok := def.Type.(*astmodel.ObjectType)
	if !ok {
		return fmt.Errorf("%s: only objects convert to ARM", def.Name)
	}
	name := def.Name.Name
	recv := receiverName(name)
	armType := fb.qualifiedText(o.ARM.Package, o.ARM.Name)

	// The compiler, not a test, holds every converting type to the interfaces the operator uses.
	w.gap()
	w.line("var _ %s = &%s{}", fb.qualifiedText(astmodel.GenRuntimePackage, "ARMTransformer"), name)

	w.decl("ConvertToARM returns the " + o.ARM.Name + " of the arm package to send to Azure, with references, secrets and config-map values looked up in resolved.")
	w.open("func (%s *%s) ConvertToARM(%s %s) (any, error)", recv, name, resolvedParam, fb.qualifiedText(astmodel.GenRuntimePackage, "ConvertToARMResolvedDetails"))
	if err := fb.convertToARM(w, o, recv); err != nil {
		return fmt.Errorf("%s.ConvertToARM: %w", name, err)
	}
	w.close()

	w.decl("NewEmptyARMValue returns an empty " + o.ARM.Name + " of the arm package, to decode an ARM response into.")
	w.open("func (%s *%s) NewEmptyARMValue() any", recv, name)
	w.line("return &%s{}", armType)
	w.close()

	w.decl("PopulateFromARM fills the receiver from an arm." + o.ARM.Name + " (or a pointer to one), as Azure returned it.")
	w.open("func (%s *%s) PopulateFromARM(%s %s, %s any) error", recv, name, ownerParam, fb.qualifiedText(astmodel.GenRuntimePackage, "ArbitraryOwnerReference"), armInputParam)
	if err := fb.populateFromARM(w, o, obj, recv); err != nil {
		return fmt.Errorf("%s.PopulateFromARM: %w", name, err)
	}
	w.close()
	return nil
}

// armConv renders the value conversions of one method.
type armConv struct {
	fb    *fileBuilder
	names map[string]int
	// w is where the statements are written.
	w *goText
}

// local returns a fresh local name from a stem.
func (c *armConv) local(stem string) string {
	c.names[stem]++
	if n := c.names[stem]; n > 1 {
		return stem + strconv.Itoa(n)
	}
	return stem
}

// ifErr writes the return of err from ConvertToARM when it is set.
func (c *armConv) ifErr() {
	c.w.openOf("if err != nil")
	c.w.lineOf("return nil, err")
	c.w.close()
}

// convertToARM writes the body of ConvertToARM: nil stays nil; every set property is converted
// into the wire type, its envelopes made only when something goes into them. Its statements
// are written straight into w, not built as lists first (that was most of what writing them
// allocated); what it wrote is incomplete when it fails.
func (fb *fileBuilder) convertToARM(w *goText, o *astmodel.ARMObject, recv string) error {
	c := &armConv{fb: fb, names: make(map[string]int), w: w}
	w.openOf("if ", recv, " == nil")
	w.lineOf("return nil, nil")
	w.close()
	w.lineOf(resultVar, " := &", fb.qualifiedText(o.ARM.Package, o.ARM.Name), "{}")
	if o.ResourceSpec {
		w.lineOf(resultVar, ".Name = &", resolvedParam, ".Name")
	}
	for _, p := range o.Properties {
		if err := c.propertyToARM(o, p, recv); err != nil {
			return fmt.Errorf("%s: %w", p.API.Name, err)
		}
	}
	w.lineOf("return ", resultVar, ", nil")
	return nil
}

// propertyToARM writes one property: when set, make its envelopes and convert it into place.
func (c *armConv) propertyToARM(o *astmodel.ARMObject, p astmodel.ARMProperty, recv string) error {
	w := c.w
	what := o.API.Name + "." + p.API.JSONName
	src := recv + "." + p.API.Name
	// A value the API requires, such as a discriminator, is converted whether set or not.
	guarded := p.API.KeyedBy != "" || c.fb.nilable(p.API.Type)
	if guarded {
		w.openOf("if ", src, " != nil")
	}
	target := resultVar
	for _, env := range p.Path {
		field := target + "." + env.Field
		w.openOf("if ", field, " == nil")
		w.lineOf(field, " = &", c.fb.qualifiedText(env.Type.Package, env.Type.Name), "{}")
		w.close()
		target = field
	}
	target += "." + p.Field
	var err error
	if p.API.KeyedBy != "" {
		err = c.keyedListToARM(p, src, target, what)
	} else {
		err = c.toARM(p.API.Type, p.Type, src, target, localBase(p.API.Name), what, true)
	}
	if err != nil {
		return err
	}
	if guarded {
		w.close()
	}
	return nil
}

// keyedListToARM writes a list of references that is a map on the wire: each item's reference
// resolves to its key; an item without one is an error naming the property.
func (c *armConv) keyedListToARM(p astmodel.ARMProperty, src, target, what string) error {
	w := c.w
	wm, ok := p.Type.(astmodel.MapType)
	if !ok {
		return fmt.Errorf("%s: keyed by %s, but the wire type is %s", what, p.API.KeyedBy, p.Type)
	}
	mapType, err := c.fb.typeText(wm)
	if err != nil {
		return err
	}
	wv, ok := wm.Value.(astmodel.TypeName)
	if !ok {
		return fmt.Errorf("%s: the wire value %s is not an object", what, wm.Value)
	}
	stem := localBase(p.API.Name)
	item, key, value := c.local(stem+"Item"), c.local(stem+"Key"), c.local(stem+"ARM")
	ref := item + "." + p.API.KeyedBy
	w.lineOf(target, " = make(", mapType, ", len(", src, "))")
	w.openOf("for _, ", item, " := range ", src)
	w.openOf("if ", ref, " == nil")
	w.lineOf("return nil, ", c.fb.qualifiedText(fmtPackage, "Errorf"), "(", strconv.Quote(what+": an item has no "+p.API.KeyedBy), ")")
	w.close()
	w.lineOf(key, ", err := ", resolvedParam, ".ARMID(", strconv.Quote(what), ", *", ref, ")")
	c.ifErr()
	w.lineOf(value, ", err := ", item, ".ConvertToARM(", resolvedParam, ")")
	c.ifErr()
	w.lineOf(target, "[", key, "] = *", value, ".(*", c.fb.qualifiedText(wv.Package, wv.Name), ")")
	w.close()
	return nil
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

// declareText writes the declaration of v of type t and then what inner writes to set it;
// when inner wrote one plain assignment to v, the two become one short declaration (v := x),
// the form the trees it replaced were printed in.
func (c *armConv) declareText(v, t string, inner func() error) error {
	w := c.w
	start := w.buf.Len()
	w.lineOf("var ", v, " ", t)
	body := w.buf.Len()
	if err := inner(); err != nil {
		return err
	}
	written := w.buf.Bytes()[body:]
	prefix := len(written) - len(bytes.TrimLeft(written, "\t"))
	assign := written[prefix:]
	if bytes.IndexByte(written, '\n') != len(written)-1 || !bytes.HasPrefix(assign, []byte(v)) || !bytes.HasPrefix(assign[len(v):], []byte(" = ")) {
		return nil
	}
	w.scratch = append(w.scratch[:0], assign[len(v)+len(" = "):len(assign)-1]...)
	w.buf.Truncate(start)
	w.indent()
	w.buf.WriteString(v)
	w.buf.WriteString(" := ")
	w.buf.Write(w.scratch)
	w.buf.WriteByte('\n')
	return nil
}

// toARM writes statements that set target (of wire type wt) from src (of API type t). checked
// says src is known not to be nil.
func (c *armConv) toARM(t, wt astmodel.Type, src, target, stem, what string, checked bool) error {
	w := c.w
	t = astmodel.WithoutValidations(t)
	guard := func() {
		if !checked {
			w.openOf("if ", src, " != nil")
		}
	}
	unguard := func() {
		if !checked {
			w.close()
		}
	}
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			// A value the API requires is still optional on the wire.
			v := c.local(stem + "Value")
			we, err := c.fb.typeText(wo.Element)
			if err != nil {
				return err
			}
			if err := c.declareText(v, we, func() error { return c.toARM(t, wo.Element, src, v, stem, what, checked) }); err != nil {
				return err
			}
			w.lineOf(target, " = &", v)
			return nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		we := astmodel.WithoutOptional(wt)
		v := c.local(stem + "Value")
		wtText, err := c.fb.typeText(we)
		if err != nil {
			return err
		}
		guard()
		if err := c.declareText(v, wtText, func() error { return c.toARM(x.Element, we, derefText(src), v, stem, what, true) }); err != nil {
			return err
		}
		if _, pointer := wt.(astmodel.OptionalType); pointer {
			w.lineOf(target, " = &", v)
		} else {
			w.lineOf(target, " = ", v)
		}
		unguard()
		return nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		wtText, err := c.fb.typeText(wa)
		if err != nil {
			return err
		}
		elText, err := c.fb.typeText(wa.Element)
		if err != nil {
			return err
		}
		guard()
		w.lineOf(target, " = make(", wtText, ", 0, len(", src, "))")
		w.openOf("for _, ", item, " := range ", src)
		if err := c.declareText(v, elText, func() error { return c.toARM(x.Element, wa.Element, item, v, stem, what, true) }); err != nil {
			return err
		}
		w.lineOf(target, " = append(", target, ", ", v, ")")
		w.close()
		unguard()
		return nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		wtText, err := c.fb.typeText(wm)
		if err != nil {
			return err
		}
		valText, err := c.fb.typeText(wm.Value)
		if err != nil {
			return err
		}
		keyText, err := c.scalarToARM(x.Key, wm.Key, key)
		if err != nil {
			return err
		}
		guard()
		w.lineOf(target, " = make(", wtText, ", len(", src, "))")
		w.openOf("for ", key, ", ", item, " := range ", src)
		if err := c.declareText(v, valText, func() error { return c.toARM(x.Value, wm.Value, item, v, stem, what, true) }); err != nil {
			return err
		}
		w.lineOf(target, "[", keyText, "] = ", v)
		w.close()
		unguard()
		return nil
	case astmodel.TypeName:
		switch x {
		case astmodel.ResourceReferenceType:
			c.lookup("ARMID", src, target, stem, what)
			return nil
		case astmodel.WellKnownReferenceType:
			c.lookup("WellKnownARMID", src, target, stem, what)
			return nil
		case astmodel.SecretReferenceType:
			c.lookup("Secret", src, target, stem, what)
			return nil
		case astmodel.SecretMapReferenceType:
			c.lookup("SecretMap", src, target, stem, what)
			return nil
		case astmodel.ConfigMapReferenceType:
			c.lookup("ConfigMapValue", src, target, stem, what)
			return nil
		}
		if d, ok := c.fb.defs[x]; ok && x.Package.IsAPI() {
			switch dt := d.Type.(type) {
			case *astmodel.ObjectType:
				v := c.local(stem + "ARM")
				wn, ok := wt.(astmodel.TypeName)
				if !ok {
					return fmt.Errorf("%s: object %s has no wire object but %s", what, x, wt)
				}
				w.lineOf(v, ", err := ", receiverText(src), ".ConvertToARM(", resolvedParam, ")")
				c.ifErr()
				w.lineOf(target, " = *", v, ".(*", c.fb.qualifiedText(wn.Package, wn.Name), ")")
				return nil
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
		return fmt.Errorf("%s: %w", what, err)
	}
	w.lineOf(target, " = ", x)
	return nil
}

// scalarToARM converts a scalar: the same primitive as it is, an enum or a named primitive by a
// cast to the wire's primitive.
func (c *armConv) scalarToARM(t, wt astmodel.Type, src string) (string, error) {
	wp, ok := wt.(astmodel.PrimitiveType)
	if !ok {
		if tn, same := t.(astmodel.TypeName); same && !tn.Package.IsAPI() && tn == wt {
			return src, nil // free-form JSON and other external values travel as they are
		}
		return "", fmt.Errorf("cannot convert %s to the wire's %s", t, wt)
	}
	if p, ok := astmodel.WithoutValidations(t).(astmodel.PrimitiveType); ok && p == wp {
		return src, nil
	}
	return callText(wp.GoName(), src), nil
}

// lookup writes a reference, secret or config-map value resolved by the caller.
func (c *armConv) lookup(fn, src, target, stem, what string) {
	v := c.local(stem + "Resolved")
	c.w.lineOf(v, ", err := ", resolvedParam, ".", fn, "(", strconv.Quote(what), ", ", src, ")")
	c.ifErr()
	c.w.lineOf(target, " = ", v)
}

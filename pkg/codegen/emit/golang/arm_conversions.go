package golang

import (
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
	to, err := fb.convertToARM(o, recv)
	if err != nil {
		return fmt.Errorf("%s.ConvertToARM: %w", name, err)
	}
	from, err := fb.populateFromARM(o, obj, recv)
	if err != nil {
		return fmt.Errorf("%s.PopulateFromARM: %w", name, err)
	}
	armType := fb.qualifiedText(o.ARM.Package, o.ARM.Name)

	// The compiler, not a test, holds every converting type to the interfaces the operator uses.
	w.gap()
	w.line("var _ %s = &%s{}", fb.qualifiedText(astmodel.GenRuntimePackage, "ARMTransformer"), name)

	w.decl("ConvertToARM returns the " + o.ARM.Name + " of the arm package to send to Azure, with references, secrets and config-map values looked up in resolved.")
	w.open("func (%s *%s) ConvertToARM(%s %s) (any, error)", recv, name, resolvedParam, fb.qualifiedText(astmodel.GenRuntimePackage, "ConvertToARMResolvedDetails"))
	w.stmts(to)
	w.close()

	w.decl("NewEmptyARMValue returns an empty " + o.ARM.Name + " of the arm package, to decode an ARM response into.")
	w.open("func (%s *%s) NewEmptyARMValue() any", recv, name)
	w.line("return &%s{}", armType)
	w.close()

	w.decl("PopulateFromARM fills the receiver from an arm." + o.ARM.Name + " (or a pointer to one), as Azure returned it.")
	w.open("func (%s *%s) PopulateFromARM(%s %s, %s any) error", recv, name, ownerParam, fb.qualifiedText(astmodel.GenRuntimePackage, "ArbitraryOwnerReference"), armInputParam)
	w.stmts(from)
	w.close()
	return nil
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

// errReturn is what a conversion that failed returns.
const errReturn = "return nil, err"

// ifErr returns err from ConvertToARM when it is set.
func ifErr() stmt { return ifBlock("err != nil", simpleStmt(errReturn)) }

// convertToARM renders the body of ConvertToARM: nil stays nil; every set property is
// converted into the wire type, its envelopes made only when something goes into them.
func (fb *fileBuilder) convertToARM(o *astmodel.ARMObject, recv string) ([]stmt, error) {
	c := &armConv{fb: fb, names: make(map[string]int)}
	body := []stmt{
		ifBlock(recv+" == nil", simpleStmt("return nil, nil")),
		defineStmt(resultVar, "&"+fb.qualifiedText(o.ARM.Package, o.ARM.Name)+"{}"),
	}
	if o.ResourceSpec {
		body = append(body, assignStmt(resultVar+".Name", "&"+resolvedParam+".Name"))
	}
	for _, p := range o.Properties {
		stmts, err := c.propertyToARM(o, p, recv)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.API.Name, err)
		}
		body = append(body, stmts...)
	}
	return append(body, simpleStmt("return "+resultVar+", nil")), nil
}

// propertyToARM renders one property: when set, make its envelopes and convert it into place.
func (c *armConv) propertyToARM(o *astmodel.ARMObject, p astmodel.ARMProperty, recv string) ([]stmt, error) {
	var ensure []stmt
	target := resultVar
	for _, env := range p.Path {
		field := target + "." + env.Field
		ensure = append(ensure, ifBlock(field+" == nil", assignStmt(field, "&"+c.fb.qualifiedText(env.Type.Package, env.Type.Name)+"{}")))
		target = field
	}
	target += "." + p.Field
	what := o.API.Name + "." + p.API.JSONName
	src := recv + "." + p.API.Name
	if p.API.KeyedBy != "" {
		inner, err := c.keyedListToARM(p, src, target, what)
		if err != nil {
			return nil, err
		}
		return []stmt{ifBlock(src+" != nil", append(ensure, inner...)...)}, nil
	}
	inner, err := c.toARM(p.API.Type, p.Type, src, target, localBase(p.API.Name), what, true)
	if err != nil {
		return nil, err
	}
	if !c.fb.nilable(p.API.Type) {
		return append(ensure, inner...), nil // a value the API requires, such as a discriminator
	}
	return []stmt{ifBlock(src+" != nil", append(ensure, inner...)...)}, nil
}

// keyedListToARM renders a list of references that is a map on the wire: each item's reference
// resolves to its key; an item without one is an error naming the property.
func (c *armConv) keyedListToARM(p astmodel.ARMProperty, src, target, what string) ([]stmt, error) {
	wm, ok := p.Type.(astmodel.MapType)
	if !ok {
		return nil, fmt.Errorf("%s: keyed by %s, but the wire type is %s", what, p.API.KeyedBy, p.Type)
	}
	mapType, err := c.fb.typeText(wm)
	if err != nil {
		return nil, err
	}
	wv, ok := wm.Value.(astmodel.TypeName)
	if !ok {
		return nil, fmt.Errorf("%s: the wire value %s is not an object", what, wm.Value)
	}
	stem := localBase(p.API.Name)
	item, key, value := c.local(stem+"Item"), c.local(stem+"Key"), c.local(stem+"ARM")
	ref := item + "." + p.API.KeyedBy
	loop := []stmt{
		ifBlock(ref+" == nil",
			simpleStmt("return nil, "+callText(c.fb.qualifiedText(fmtPackage, "Errorf"), strconv.Quote(what+": an item has no "+p.API.KeyedBy)))),
		defineStmt(key+", err", callText(resolvedParam+".ARMID", strconv.Quote(what), derefText(ref))),
		ifErr(),
		defineStmt(value+", err", callText(item+".ConvertToARM", resolvedParam)),
		ifErr(),
		assignStmt(target+"["+key+"]", derefText(value+".("+derefText(c.fb.qualifiedText(wv.Package, wv.Name))+")")),
	}
	return []stmt{
		assignStmt(target, callText("make", mapType, callText("len", src))),
		rangeBlock("_", item, src, loop...),
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
func declare(v, t string, inner []stmt) []stmt {
	if len(inner) == 1 && !inner[0].block && inner[0].lhs == v {
		return []stmt{defineStmt(v, inner[0].rhs)}
	}
	return append([]stmt{simpleStmt("var " + v + " " + t)}, inner...)
}

// toARM renders statements that set target (of wire type wt) from src (of API type t). checked
// says src is known not to be nil.
func (c *armConv) toARM(t, wt astmodel.Type, src, target, stem, what string, checked bool) ([]stmt, error) {
	t = astmodel.WithoutValidations(t)
	guard := func(stmts []stmt) []stmt {
		if checked {
			return stmts
		}
		return []stmt{ifBlock(src+" != nil", stmts...)}
	}
	if wo, ok := wt.(astmodel.OptionalType); ok {
		if _, optional := t.(astmodel.OptionalType); !optional {
			// A value the API requires is still optional on the wire.
			v := c.local(stem + "Value")
			we, err := c.fb.typeText(wo.Element)
			if err != nil {
				return nil, err
			}
			inner, err := c.toARM(t, wo.Element, src, v, stem, what, checked)
			if err != nil {
				return nil, err
			}
			stmts := declare(v, we, inner)
			return append(stmts, assignStmt(target, addrText(v))), nil
		}
	}
	switch x := t.(type) {
	case astmodel.OptionalType:
		we := astmodel.WithoutOptional(wt)
		v := c.local(stem + "Value")
		wtText, err := c.fb.typeText(we)
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Element, we, derefText(src), v, stem, what, true)
		if err != nil {
			return nil, err
		}
		stmts := declare(v, wtText, inner)
		if _, pointer := wt.(astmodel.OptionalType); pointer {
			return guard(append(stmts, assignStmt(target, addrText(v)))), nil
		}
		return guard(append(stmts, assignStmt(target, v))), nil
	case astmodel.ArrayType:
		wa, ok := wt.(astmodel.ArrayType)
		if !ok {
			return nil, fmt.Errorf("%s: a list on the wire must be a list, not %s", what, wt)
		}
		item, v := c.local(stem+"Item"), c.local(stem+"Value")
		wtText, err := c.fb.typeText(wa)
		if err != nil {
			return nil, err
		}
		elText, err := c.fb.typeText(wa.Element)
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Element, wa.Element, item, v, stem, what, true)
		if err != nil {
			return nil, err
		}
		loop := declare(v, elText, inner)
		loop = append(loop, assignStmt(target, callText("append", target, v)))
		return guard([]stmt{
			assignStmt(target, callText("make", wtText, "0", callText("len", src))),
			rangeBlock("_", item, src, loop...),
		}), nil
	case astmodel.MapType:
		wm, ok := wt.(astmodel.MapType)
		if !ok {
			return nil, fmt.Errorf("%s: a map on the wire must be a map, not %s", what, wt)
		}
		key, item, v := c.local(stem+"Key"), c.local(stem+"Item"), c.local(stem+"Value")
		wtText, err := c.fb.typeText(wm)
		if err != nil {
			return nil, err
		}
		valText, err := c.fb.typeText(wm.Value)
		if err != nil {
			return nil, err
		}
		keyText, err := c.scalarToARM(x.Key, wm.Key, key)
		if err != nil {
			return nil, err
		}
		inner, err := c.toARM(x.Value, wm.Value, item, v, stem, what, true)
		if err != nil {
			return nil, err
		}
		loop := declare(v, valText, inner)
		loop = append(loop, assignStmt(target+"["+keyText+"]", v))
		return guard([]stmt{
			assignStmt(target, callText("make", wtText, callText("len", src))),
			rangeBlock(key, item, src, loop...),
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
				return []stmt{
					defineStmt(v+", err", callText(receiverText(src)+".ConvertToARM", resolvedParam)),
					ifErr(),
					assignStmt(target, derefText(v+".("+derefText(c.fb.qualifiedText(wn.Package, wn.Name))+")")),
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
	return []stmt{assignStmt(target, x)}, nil
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

// lookup renders a reference, secret or config-map value resolved by the caller.
func (c *armConv) lookup(fn, src, target, stem, what string) []stmt {
	v := c.local(stem + "Resolved")
	return []stmt{
		defineStmt(v+", err", callText(resolvedParam+"."+fn, strconv.Quote(what), src)),
		ifErr(),
		assignStmt(target, v),
	}
}

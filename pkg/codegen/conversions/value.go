package conversions

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
)

// value plans how a value of type from becomes a value of type to, within assignment a (whose
// Self side is to when fromOther is set, from otherwise); nil when they do not convert exactly.
func (p *planner) value(from, to astmodel.Type, a *astmodel.PropertyAssignment, fromOther bool) (*astmodel.ValueConversion, error) {
	from, to = stripValidations(from), stripValidations(to)
	vc := &astmodel.ValueConversion{From: from, To: to}
	elem := func(f, t astmodel.Type, kind astmodel.ValueConversionKind) (*astmodel.ValueConversion, error) {
		e, err := p.value(f, t, a, fromOther)
		if e == nil || err != nil {
			return nil, err
		}
		vc.Kind, vc.Element = kind, e
		return vc, nil
	}
	switch f := from.(type) {
	case astmodel.OptionalType:
		if t, ok := to.(astmodel.OptionalType); ok {
			return elem(f.Element, t.Element, astmodel.ConvertOptional)
		}
		return nil, nil
	case astmodel.ArrayType:
		if t, ok := to.(astmodel.ArrayType); ok {
			return elem(f.Element, t.Element, astmodel.ConvertSlice)
		}
		return nil, nil
	case astmodel.MapType:
		if t, ok := to.(astmodel.MapType); ok && p.sameScalar(f.Key, t.Key) {
			return elem(f.Value, t.Value, astmodel.ConvertMap)
		}
		return nil, nil
	}

	fromObj, toObj := p.isObject(from), p.isObject(to)
	switch {
	case fromObj && toObj:
		self, other := to.(astmodel.TypeName), from.(astmodel.TypeName)
		if !fromOther {
			self, other = other, self
		}
		nested, err := p.pair(self, other)
		if err != nil {
			return nil, err
		}
		vc.Kind, vc.OnDestination = astmodel.ConvertObject, fromOther
		vc.Method = nested.ToMethod
		if fromOther {
			vc.Method = nested.FromMethod
		}
		return vc, nil
	case fromObj || toObj:
		return nil, nil
	}

	if fn, ok := from.(astmodel.TypeName); ok && !fn.Package.IsAPI() {
		// External types convert only to themselves.
		if !sameType(from, to) {
			return nil, nil
		}
		if fn == astmodel.PropertyBagType {
			return nil, fmt.Errorf("a property bag outside the PropertyBag field of %s", a.Self)
		}
		vc.Kind = astmodel.ConvertDeepCopy
		return vc, nil
	}
	if tn, ok := to.(astmodel.TypeName); ok && !tn.Package.IsAPI() {
		return nil, nil
	}
	fb, fok := p.scalarBase(from)
	tb, tok := p.scalarBase(to)
	if !fok || !tok || fb != tb {
		return nil, nil
	}
	if sameType(from, to) {
		vc.Kind = astmodel.ConvertAssign
	} else {
		vc.Kind = astmodel.ConvertCast
	}
	return vc, nil
}

func stripValidations(t astmodel.Type) astmodel.Type {
	return astmodel.Rewrite(t, func(t astmodel.Type) astmodel.Type {
		if v, ok := t.(astmodel.ValidatedType); ok {
			return v.Element
		}
		return t
	})
}

// isObject reports whether t names an object definition of a generated package.
func (p *planner) isObject(t astmodel.Type) bool {
	n, ok := t.(astmodel.TypeName)
	if !ok || !n.Package.IsAPI() {
		return false
	}
	_, ok = p.defs[n].Type.(*astmodel.ObjectType)
	return ok
}

// scalarBase returns the primitive a scalar type stands for: itself, an enum's base, or what a
// named primitive names.
func (p *planner) scalarBase(t astmodel.Type) (astmodel.PrimitiveType, bool) {
	for range 100 {
		switch x := stripValidations(t).(type) {
		case astmodel.PrimitiveType:
			return x, true
		case astmodel.EnumType:
			return x.Base, true
		case astmodel.TypeName:
			d, ok := p.defs[x]
			if !ok {
				return astmodel.PrimitiveType{}, false
			}
			t = d.Type
		default:
			return astmodel.PrimitiveType{}, false
		}
	}
	return astmodel.PrimitiveType{}, false
}

func (p *planner) sameScalar(a, b astmodel.Type) bool {
	x, ok1 := p.scalarBase(a)
	y, ok2 := p.scalarBase(b)
	return ok1 && ok2 && x == y && sameType(stripValidations(a), stripValidations(b))
}

// sameType reports whether two scalar or named types are the same Go type.
func sameType(a, b astmodel.Type) bool {
	switch x := a.(type) {
	case astmodel.PrimitiveType:
		y, ok := b.(astmodel.PrimitiveType)
		return ok && x == y
	case astmodel.TypeName:
		y, ok := b.(astmodel.TypeName)
		return ok && x == y
	}
	return false
}

package codegen

import (
	"context"
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// planConversions plans the AssignProperties methods along every edge of the conversion graph:
// between each resource and the next one on its way to the hub, and between every pair of object
// types those reach property by property. Properties match by JSON name (or a configured
// rename); matched values convert when their types allow it exactly (same shape, scalars of the
// same base type, objects through their own methods). Everything else (a property on one side
// only, or types that differ, such as an integer that became a string) travels in the property
// bag of the side that has no field for it, and comes back out on the way back.
func planConversions() pipeline.Stage {
	return pipeline.MakeStage("plan-conversions", "Plan property assignments between versions", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		graph, _ := pipeline.Get(s, conversionGraphKey)
		p := &planner{defs: s.Definitions(), conv: astmodel.NewConversions(graph), names: map[astmodel.TypeName]map[string]astmodel.TypeName{}}
		for _, kv := range graph.Kinds() {
			for _, r := range kv.Resources {
				next, ok := graph.Next(r)
				if !ok {
					continue
				}
				if _, err := p.pair(r, next); err != nil {
					return s, err
				}
			}
		}
		for len(p.queue) > 0 {
			a := p.queue[0]
			p.queue = p.queue[1:]
			if err := p.plan(a); err != nil {
				return s, err
			}
		}
		return pipeline.With(s, conversionsKey, p.conv), nil
	}, "create-conversion-graph")
}

type planner struct {
	defs  astmodel.Definitions
	conv  *astmodel.Conversions
	queue []*astmodel.PropertyAssignment
	// names holds, per type, the method suffix given to each type it converts with.
	names map[astmodel.TypeName]map[string]astmodel.TypeName
}

// pair returns the assignment between self and other, queueing it for planning when new.
func (p *planner) pair(self, other astmodel.TypeName) (*astmodel.PropertyAssignment, error) {
	if a, ok := p.conv.Between(self, other); ok {
		return a, nil
	}
	// Methods are named after the other type; should a type convert with two types of the same
	// name (in two hub packages), the second gets the package in its name too.
	suffix := other.Name
	used := p.names[self]
	if used == nil {
		used = make(map[string]astmodel.TypeName)
		p.names[self] = used
	}
	if prev, taken := used[suffix]; taken && prev != other {
		suffix = astmodel.ExportedName(other.Package.Version) + "_" + other.Name
	}
	used[suffix] = other
	a := &astmodel.PropertyAssignment{
		Self: self, Other: other,
		FromMethod: "AssignProperties_From_" + suffix,
		ToMethod:   "AssignProperties_To_" + suffix,
	}
	_, selfIsResource := p.defs[self].Type.(*astmodel.ResourceType)
	_, otherIsResource := p.defs[other].Type.(*astmodel.ResourceType)
	if selfIsResource != otherIsResource {
		return nil, fmt.Errorf("cannot convert between %s and %s: one is a resource, the other is not", self, other)
	}
	a.Resource = selfIsResource
	p.conv.Add(a)
	p.queue = append(p.queue, a)
	return a, nil
}

// plan fills in the steps of an assignment.
func (p *planner) plan(a *astmodel.PropertyAssignment) error {
	if a.Resource {
		self := p.defs[a.Self].Type.(*astmodel.ResourceType)
		other := p.defs[a.Other].Type.(*astmodel.ResourceType)
		for _, half := range []struct {
			name, json  string
			self, other astmodel.TypeName
		}{{"Spec", "spec", self.Spec, other.Spec}, {"Status", "status", self.Status, other.Status}} {
			sp := &astmodel.Property{Name: half.name, JSONName: half.json, Type: half.self}
			op := &astmodel.Property{Name: half.name, JSONName: half.json, Type: half.other}
			step := astmodel.AssignmentStep{Self: sp, Other: op}
			var err error
			if step.From, err = p.value(half.other, half.self, a, true); err != nil {
				return err
			}
			if step.To, err = p.value(half.self, half.other, a, false); err != nil {
				return err
			}
			if !step.Converts() {
				return fmt.Errorf("%s of %s and %s do not convert", half.name, a.Self, a.Other)
			}
			a.Steps = append(a.Steps, step)
		}
		return nil
	}

	self, ok := p.defs[a.Self].Type.(*astmodel.ObjectType)
	if !ok {
		return fmt.Errorf("%s is not an object", a.Self)
	}
	other, ok := p.defs[a.Other].Type.(*astmodel.ObjectType)
	if !ok {
		return fmt.Errorf("%s is not an object", a.Other)
	}
	if bag, ok := self.PropertyBag(); ok {
		a.SelfBag = bag.Name
	}
	if bag, ok := other.PropertyBag(); ok {
		a.OtherBag = bag.Name
	}

	matched := make(map[*astmodel.Property]bool)
	for _, sp := range self.Properties() {
		if sp.IsPropertyBag() {
			continue
		}
		step := astmodel.AssignmentStep{Self: sp}
		if op := counterpart(sp, other, self); op != nil {
			matched[op] = true
			step.Other = op
			from, err := p.value(op.Type, sp.Type, a, true)
			if err != nil {
				return err
			}
			to, err := p.value(sp.Type, op.Type, a, false)
			if err != nil {
				return err
			}
			if from != nil && to != nil {
				step.From, step.To = from, to
			}
		}
		a.Steps = append(a.Steps, step)
	}
	for _, op := range other.Properties() {
		if !op.IsPropertyBag() && !matched[op] {
			a.Steps = append(a.Steps, astmodel.AssignmentStep{Other: op})
		}
	}
	if a.SelfBag == "" || a.OtherBag == "" {
		// Without a bag on both sides, every property must convert: that holds between an API
		// version and its own storage twin, which have the same shape.
		for _, s := range a.Steps {
			if !s.Converts() {
				return fmt.Errorf("%s and %s differ in %s, and one of them has no property bag to keep it", a.Self, a.Other, stepName(s))
			}
		}
	}
	return nil
}

func stepName(s astmodel.AssignmentStep) string {
	if s.Self != nil {
		return s.Self.Name
	}
	return s.Other.Name
}

// counterpart finds the property of other that corresponds to sp: the one with the same JSON
// name, or one renamed from or to it between the versions.
func counterpart(sp *astmodel.Property, other, self *astmodel.ObjectType) *astmodel.Property {
	if op, ok := other.PropertyByJSON(sp.JSONName); ok {
		return op
	}
	for _, op := range other.Properties() {
		if op.IsPropertyBag() {
			continue
		}
		// A rename applies only where the old name is not itself still in use on that side.
		if sp.RenamedFrom != "" && (op.JSONName == sp.RenamedFrom || op.ARMName == sp.RenamedFrom) {
			return op
		}
		if op.RenamedFrom != "" && (sp.JSONName == op.RenamedFrom || sp.ARMName == op.RenamedFrom) {
			if _, clash := self.PropertyByJSON(op.JSONName); !clash {
				return op
			}
		}
	}
	return nil
}

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

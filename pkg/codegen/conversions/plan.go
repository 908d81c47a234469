package conversions

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Plan plans the AssignProperties methods along every edge of the conversion graph:
// between each resource and the next one on its way to the hub, and between every pair of object
// types those reach property by property. Properties match by JSON name (or a configured
// rename); matched values convert when their types allow it exactly (same shape, scalars of the
// same base type, objects through their own methods). Everything else (a property on one side
// only, or types that differ, such as an integer that became a string) travels in the property
// bag of the side that has no field for it, and comes back out on the way back.
func Plan(defs astmodel.Definitions, graph *astmodel.ConversionGraph) (*astmodel.Conversions, error) {
	p := &planner{defs: defs, conv: astmodel.NewConversions(graph), names: map[astmodel.TypeName]map[string]astmodel.TypeName{},
		renames: findRenames(defs)}
	for _, kv := range graph.Kinds() {
		for _, r := range kv.Resources {
			next, ok := graph.Next(r)
			if !ok {
				continue
			}
			if _, err := p.pair(r, next); err != nil {
				return nil, err
			}
		}
	}
	for len(p.queue) > 0 {
		a := p.queue[0]
		p.queue = p.queue[1:]
		if err := p.plan(a); err != nil {
			return nil, err
		}
	}
	return p.conv, nil
}

type planner struct {
	defs  astmodel.Definitions
	conv  *astmodel.Conversions
	queue []*astmodel.PropertyAssignment
	// names holds, per type, the method suffix given to each type it converts with.
	names map[astmodel.TypeName]map[string]astmodel.TypeName
	// renames chains $renamedFrom across all versions of a type.
	renames renames
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
	if selfIsResource && self.Package.IsAPIVersion() && other.Package.Storage {
		a.OriginalVersion = self.Package.Version
	}
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

	// Direct counterparts first, so that a rename chain only pairs what they leave.
	pairs := make(map[*astmodel.Property]*astmodel.Property)
	matched := make(map[*astmodel.Property]bool)
	for _, sp := range self.Properties() {
		if op := counterpart(sp, other, self); op != nil && !sp.IsPropertyBag() {
			pairs[sp] = op
			matched[op] = true
		}
	}
	for _, sp := range self.Properties() {
		if _, done := pairs[sp]; done || sp.IsPropertyBag() {
			continue
		}
		if op := p.chainedCounterpart(a.Self, sp, other, self, matched); op != nil {
			pairs[sp] = op
			matched[op] = true
		}
	}
	for _, sp := range self.Properties() {
		if sp.IsPropertyBag() {
			continue
		}
		op := pairs[sp]
		if op == nil && sp.IsOriginalVersion() {
			// Only storage versions record it; the resource's To method sets it (see OriginalVersion).
			continue
		}
		step := astmodel.AssignmentStep{Self: sp}
		if op != nil {
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
		if !op.IsPropertyBag() && !op.IsOriginalVersion() && !matched[op] {
			a.Steps = append(a.Steps, astmodel.AssignmentStep{Other: op})
		}
	}
	if a.SelfBag == "" || a.OtherBag == "" {
		// Without a bag on both sides, every property must convert: that holds between an API
		// version and its own storage twin, which have the same shape.
		for _, s := range a.Steps {
			if !s.Converts() {
				return fmt.Errorf("%s and %s differ in %s, and one of them has no property bag to keep it", a.Self, a.Other, s.Name())
			}
		}
	}
	return nil
}

// counterpart finds the property of other that corresponds to sp: the one with the same JSON
// name, or one renamed from or to it between the versions.
func counterpart(sp *astmodel.Property, other, self *astmodel.ObjectType) *astmodel.Property {
	if op, ok := other.PropertyByJSON(sp.JSONName); ok {
		return op
	}
	// JSON names are wire names, and Azure respells one between versions now and then
	// (scan-interval in one, scanInterval in another): the same Go name is the same property,
	// unless its JSON name there is in use here too.
	if op, ok := other.Property(sp.Name); ok && !op.IsPropertyBag() && !op.IsOriginalVersion() {
		if _, clash := self.PropertyByJSON(op.JSONName); !clash {
			if _, taken := other.PropertyByJSON(sp.JSONName); !taken {
				return op
			}
		}
	}
	for _, op := range other.Properties() {
		if op.IsPropertyBag() {
			continue
		}
		// A rename applies only where the old name is not itself still in use on the renaming
		// side: there the property of the old name pairs with its namesake, and pairing the
		// renamed one with it too would assign one value twice.
		if sp.RenamedFrom != "" && (op.JSONName == sp.RenamedFrom || op.ARMName == sp.RenamedFrom) {
			if _, clash := self.PropertyByJSON(op.JSONName); !clash {
				return op
			}
		}
		if op.RenamedFrom != "" && (sp.JSONName == op.RenamedFrom || sp.ARMName == op.RenamedFrom) {
			if _, clash := self.PropertyByJSON(op.JSONName); !clash {
				return op
			}
		}
	}
	return nil
}

// chainedCounterpart finds the property of other that is sp under a name it got or lost in a
// version between the two (a -> b -> c pairs a with c), under the same rule as counterpart: not
// where that name is itself in use on sp's side.
func (p *planner) chainedCounterpart(t astmodel.TypeName, sp *astmodel.Property, other, self *astmodel.ObjectType, matched map[*astmodel.Property]bool) *astmodel.Property {
	for _, op := range other.Properties() {
		if matched[op] || op.IsPropertyBag() || op.IsOriginalVersion() || !p.renames.same(t, sp.JSONName, op.JSONName) {
			continue
		}
		if _, clash := self.PropertyByJSON(op.JSONName); !clash {
			return op
		}
	}
	return nil
}

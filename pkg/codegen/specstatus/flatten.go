package specstatus

import (
	"github.com/armgen/armgen/pkg/astmodel"
)

// flatten lifts the properties of x-ms-client-flatten objects (or $flatten: true ones) into
// their container, so users write spec.addressSpace rather than spec.properties.addressSpace, as
// Azure Service Operator does; a "properties" envelope without the mark stays spec.properties.
// The lifted properties remember their wire path for the ARM payload. A lifted property named
// like a neighbour of the same type (a VM extension's properties.type beside the resource's
// type) is a value of its own, so it is lifted under the envelope's name in front
// (propertiesType), as ASO names it, and keeps its wire path. A clash of different types keeps
// the whole envelope nested instead. leftOut are the object's properties this side leaves out
// (the resource's read-only type in a spec): a lifted property named like one of them is renamed
// all the same, so that spec and status call it alike.
func (sp *splitter) flatten(props, leftOut []*astmodel.Property) []*astmodel.Property {
	candidate := func(p *astmodel.Property) (*astmodel.ObjectType, bool) {
		if !astmodel.IsFlattenCandidate(p) {
			return nil, false
		}
		n, ok := astmodel.Unwrap(p.Type).(astmodel.TypeName)
		if !ok || sp.building[n] {
			return nil, false
		}
		obj, ok := sp.out[n].Type.(*astmodel.ObjectType)
		return obj, ok && !obj.OneOf
	}
	// What is already taken, by Go name and by JSON name, and by which property.
	taken := make(map[string]*astmodel.Property)
	for _, p := range leftOut {
		taken[p.Name], taken["json:"+p.JSONName] = absent, absent
	}
	for _, p := range props {
		if _, ok := candidate(p); !ok {
			taken[p.Name], taken["json:"+p.JSONName] = p, p
		}
	}
	var out []*astmodel.Property
	for _, p := range props {
		obj, ok := candidate(p)
		if ok {
			lifted, clash := liftable(obj, taken, p.ARMName)
			if clash == nil {
				for _, q := range lifted {
					c := q.Copy()
					c.FlattenedFrom = append([]string{p.ARMName}, q.FlattenedFrom...)
					c.FlattenedVia = append([]astmodel.TypeName{astmodel.Unwrap(p.Type).(astmodel.TypeName)}, q.FlattenedVia...)
					c.Required = q.Required && p.Required
					c.PairRequired = q.PairRequired && p.Required
					taken[c.Name], taken["json:"+c.JSONName] = c, c
					out = append(out, c)
				}
				continue
			}
			taken[p.Name], taken["json:"+p.JSONName] = p, p
			c := p.Copy()
			c.Flatten, c.Provenance.NotFlattened = false, clash
			out = append(out, c)
			continue
		}
		c := p.Copy()
		c.Flatten = false
		out = append(out, c)
	}
	return out
}

// liftable returns the properties of obj to lift, renaming those named like a same-typed
// neighbour after the envelope (wire name envelope); clash names the neighbours whose names
// clash with a property of another type (or whose renamed name is taken too), which keep obj
// nested.
func liftable(obj *astmodel.ObjectType, taken map[string]*astmodel.Property, envelope string) (lifted []*astmodel.Property, clash []string) {
	clashing := func(name, jsonName string) *astmodel.Property {
		if other := taken[name]; other != nil {
			return other
		}
		return taken["json:"+jsonName]
	}
	for _, q := range obj.Properties() {
		other := clashing(q.Name, q.JSONName)
		switch {
		case other == nil:
			lifted = append(lifted, q)
		case other == absent || other.JSONName == q.JSONName && other.Type.String() == q.Type.String():
			name := astmodel.ExportedName(envelope) + q.Name
			renamed := q.WithName(name, astmodel.JSONName(name))
			renamed.Provenance.Renamed = astmodel.ByFlattening
			if clashing(renamed.Name, renamed.JSONName) != nil || declares(obj, renamed) {
				clash = append(clash, q.JSONName)
				continue
			}
			lifted = append(lifted, renamed)
		default:
			clash = append(clash, q.JSONName)
		}
	}
	if clash != nil {
		return nil, clash
	}
	return lifted, nil
}

// absent stands, among the names taken, for a property this side leaves out.
var absent = &astmodel.Property{}

// declares reports whether obj has a property of p's Go or JSON name.
func declares(obj *astmodel.ObjectType, p *astmodel.Property) bool {
	_, byName := obj.Property(p.Name)
	_, byJSON := obj.PropertyByJSON(p.JSONName)
	return byName || byJSON
}

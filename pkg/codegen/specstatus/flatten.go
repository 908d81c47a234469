package specstatus

import (
	"github.com/armgen/armgen/pkg/astmodel"
)

// flatten lifts the properties of x-ms-client-flatten objects (or $flatten: true ones) into
// their container, so users write spec.addressSpace rather than spec.properties.addressSpace, as
// Azure Service Operator does; a "properties" envelope without the mark stays spec.properties.
// The lifted properties remember their wire path for the ARM payload. A lifted property named
// like a neighbour (an agent pool's properties.type beside the resource's type) is a value of
// its own: it is lifted under the envelope's name in front (propertiesType), as ASO names it,
// and keeps its wire path. Only when that name is taken too does the whole envelope stay
// nested. Only the properties this side keeps count, as in ASO: a spec has no resource type
// beside it, so there properties.type stays type (ASO's ManagedClustersAgentPool spec has type,
// its status propertiesType).
func (sp *splitter) flatten(props []*astmodel.Property) []*astmodel.Property {
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

// liftable returns the properties of obj to lift, renaming those named like a neighbour after
// the envelope (wire name envelope); clash names those whose renamed name is taken too, which
// keep obj nested.
func liftable(obj *astmodel.ObjectType, taken map[string]*astmodel.Property, envelope string) (lifted []*astmodel.Property, clash []string) {
	clashing := func(name, jsonName string) bool {
		return taken[name] != nil || taken["json:"+jsonName] != nil
	}
	for _, q := range obj.Properties() {
		if !clashing(q.Name, q.JSONName) {
			lifted = append(lifted, q)
			continue
		}
		name := astmodel.ExportedName(envelope) + q.Name
		renamed := q.WithName(name, astmodel.JSONName(name))
		renamed.Provenance.Renamed = astmodel.ByFlattening
		if clashing(renamed.Name, renamed.JSONName) || declares(obj, renamed) {
			clash = append(clash, q.JSONName)
			continue
		}
		lifted = append(lifted, renamed)
	}
	if clash != nil {
		return nil, clash
	}
	return lifted, nil
}

// declares reports whether obj has a property of p's Go or JSON name.
func declares(obj *astmodel.ObjectType, p *astmodel.Property) bool {
	_, byName := obj.Property(p.Name)
	_, byJSON := obj.PropertyByJSON(p.JSONName)
	return byName || byJSON
}

package specstatus

import (
	"github.com/armgen/armgen/pkg/astmodel"
)

// flatten lifts the properties of x-ms-client-flatten objects (or $flatten: true ones) into
// their container, so users write spec.addressSpace rather than spec.properties.addressSpace, as
// Azure Service Operator does; a "properties" envelope without the mark stays spec.properties. The lifted properties remember their wire path for the ARM
// payload. A lifted property named like a neighbour of the same type is the same thing said
// twice (ServerProperties.tags beside the resource's tags): the outer one stays and the inner
// one goes. A clash of different types keeps the whole envelope nested instead.
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
			lifted, clash := liftable(obj, taken)
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

// liftable returns the properties of obj to lift, leaving out duplicates of same-typed
// neighbours; clash names the neighbours whose names clash with a property of another type,
// which keep obj nested.
func liftable(obj *astmodel.ObjectType, taken map[string]*astmodel.Property) (lifted []*astmodel.Property, clash []string) {
	for _, q := range obj.Properties() {
		other := taken[q.Name]
		if other == nil {
			other = taken["json:"+q.JSONName]
		}
		switch {
		case other == nil:
			lifted = append(lifted, q)
		case other.JSONName == q.JSONName && other.Type.String() == q.Type.String():
			// The same property declared twice; the outer one stands for both.
		default:
			clash = append(clash, other.JSONName)
		}
	}
	if clash != nil {
		return nil, clash
	}
	return lifted, nil
}

package codegen

import (
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
)

// flatten lifts the properties of x-ms-client-flatten objects, and of a resource's "properties"
// envelope, into their container, so users write spec.addressSpace rather than
// spec.properties.addressSpace. A container whose properties would clash with a neighbour's
// name stays nested; the lifted properties remember their wire path for the ARM payload.
func (sp *splitter) flatten(props []*astmodel.Property, top bool) []*astmodel.Property {
	candidate := func(p *astmodel.Property) (*astmodel.ObjectType, bool) {
		if !p.Flatten && !(top && p.ARMName == "properties") {
			return nil, false
		}
		n, ok := astmodel.Unwrap(p.Type).(astmodel.TypeName)
		if !ok || sp.building[n] {
			return nil, false
		}
		obj, ok := sp.out[n].Type.(*astmodel.ObjectType)
		return obj, ok && !obj.OneOf
	}
	taken := make(map[string]bool)
	for _, p := range props {
		if _, ok := candidate(p); !ok {
			taken[p.Name], taken["json:"+p.JSONName] = true, true
		}
	}
	var out []*astmodel.Property
	for _, p := range props {
		obj, ok := candidate(p)
		if ok && !slices.ContainsFunc(obj.Properties(), func(q *astmodel.Property) bool { return taken[q.Name] || taken["json:"+q.JSONName] }) {
			for _, q := range obj.Properties() {
				c := q.Copy()
				c.FlattenedFrom = append([]string{p.ARMName}, q.FlattenedFrom...)
				c.Required = q.Required && p.Required
				taken[c.Name], taken["json:"+c.JSONName] = true, true
				out = append(out, c)
			}
			continue
		}
		if ok {
			taken[p.Name], taken["json:"+p.JSONName] = true, true
		}
		c := p.Copy()
		c.Flatten = false
		out = append(out, c)
	}
	return out
}

package specstatus

import "github.com/armgen/armgen/pkg/astmodel"

// stub reduces a resource embedded in another resource to its ID: the embedded resource is
// managed on its own, and its full shape would repeat (often recursively) inside its neighbours.
// A body without an id is not reduced.
func (sp *splitter) stub(raw astmodel.TypeName, obj *astmodel.ObjectType, m splitMode, suffix string) (astmodel.TypeName, bool) {
	id, ok := obj.PropertyByJSON("id")
	if !ok {
		return astmodel.TypeName{}, false
	}
	name := sp.claim(astmodel.EmbeddedName(raw, suffix))
	sp.done[splitKey{raw: raw, mode: m}] = name
	p := id.Copy()
	p.ReadOnly, p.Required = false, false
	props := []*astmodel.Property{p}
	if m == specMode {
		// A read-only id (the common Resource base) cannot be sent: ARM ignores it, so a
		// reference there would promise a link that is never made. Only a writable id (a
		// SubResource) becomes a reference.
		props = nil
		if !id.ReadOnly {
			props = append(props, referenceProperty(p, astmodel.ByEmbedding))
		}
		// A writable name lets a child be declared inline by its parent (a load balancer's
		// backendAddressPools[].name), as ARM allows.
		if n, ok := obj.PropertyByJSON("name"); ok && !n.ReadOnly && astmodel.Unwrap(n.Type) == astmodel.StringType {
			props = append(props, n.Copy())
		}
	}
	d := sp.raw[raw]
	sp.out[name] = astmodel.Definition{Name: name, Type: astmodel.NewObjectType(props...), Description: d.Description, Source: d.Source,
		Origin: astmodel.Origin{Derivation: astmodel.Embedded, From: raw}}
	return name, true
}

// emptyStub tells a spec property whose type is an embedded resource with nothing a client can
// write (read-only id, no writable name): the property is left out of the spec.
func (sp *splitter) emptyStub(t astmodel.Type) bool {
	for _, n := range astmodel.References(t) {
		d, ok := sp.out[n]
		if !ok || d.Origin.Derivation != astmodel.Embedded {
			continue
		}
		if obj, ok := d.Type.(*astmodel.ObjectType); ok && len(obj.Properties()) == 0 {
			return true
		}
	}
	return false
}

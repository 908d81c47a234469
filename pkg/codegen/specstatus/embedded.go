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
	sp.done[splitKey{raw, m}] = name
	p := id.Copy()
	p.ReadOnly, p.Required = false, false
	props := []*astmodel.Property{p}
	if m == specMode {
		props[0] = referenceProperty(p, astmodel.ByEmbedding)
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

package audit

import "github.com/armgen/armgen/pkg/astmodel"

// place is where a swagger declaration ended up in the final type graph.
type place struct {
	path string // Kubernetes path: spec.foo[].bar
	prop *astmodel.Property
}

// cut is a swagger declaration an _Unrolled copy on the resource's side leaves out: it leads
// back into a recursive type (break-cycles records it in the copy's Origin.LeftOut).
type cut struct {
	path string // where the copy would have held it
	prop *astmodel.Property
	from astmodel.TypeName // the recursive type the copy was made of
}

// places walks the final type graph from a spec or status type, breadth first so that each
// declaration's first place is its shallowest, and indexes every property by the swagger
// declaration it came from (Property.Source, the provenance the loader records and every stage
// copies). cuts are the declarations the _Unrolled copies it reaches leave out, by source.
func places(defs astmodel.Definitions, root astmodel.TypeName, prefix string) (found map[string][]place, cuts map[string]cut) {
	out := make(map[string][]place)
	cuts = make(map[string]cut)
	type item struct {
		name astmodel.TypeName
		path string
	}
	queue := []item{{root, prefix}}
	seen := map[astmodel.TypeName]bool{root: true}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		d := defs[it.name]
		obj, ok := d.Type.(*astmodel.ObjectType)
		if !ok {
			continue
		}
		if d.Origin.Derivation == astmodel.Unrolled {
			for _, p := range d.Origin.LeftOut {
				if _, ok := cuts[p.Source]; !ok && p.Source != "" {
					cuts[p.Source] = cut{path: it.path + "." + p.JSONName, prop: p, from: d.Origin.From}
				}
			}
		}
		for _, p := range obj.Properties() {
			path := it.path + "." + p.JSONName
			if p.Source != "" {
				out[p.Source] = append(out[p.Source], place{path: path, prop: p})
			}
			for _, r := range typeRefs(p.Type, path) {
				if _, defined := defs[r.name]; defined && !seen[r.name] {
					seen[r.name] = true
					queue = append(queue, item{r.name, r.path})
				}
			}
		}
	}
	return out, cuts
}

type ref struct {
	name astmodel.TypeName
	path string
}

// typeRefs lists the named types t holds, each with its path ([] for items, {} for map values).
func typeRefs(t astmodel.Type, path string) []ref {
	switch x := t.(type) {
	case astmodel.TypeName:
		return []ref{{x, path}}
	case astmodel.OptionalType:
		return typeRefs(x.Element, path)
	case astmodel.ValidatedType:
		return typeRefs(x.Element, path)
	case astmodel.ArrayType:
		return typeRefs(x.Element, path+"[]")
	case astmodel.MapType:
		return typeRefs(x.Value, path+"{}")
	}
	return nil
}

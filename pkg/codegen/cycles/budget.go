package cycles

import "github.com/armgen/armgen/pkg/astmodel"

// UnrolledBudget bounds the schema an _Unrolled copy may add, counted in property nodes as the
// CRD inlines them. A CRD schema repeats a type wherever it is used, so a large recursive union
// (Data Factory's Activity: a hundred variants, several of which hold activities again) inlined
// once per recursive property grows past what the API server stores (etcd refuses requests over
// about 1.5 MiB). Past the budget the recursion is cut one level earlier: the recursive property
// holds arbitrary JSON (x-kubernetes-preserve-unknown-fields), sent to Azure as written.
const UnrolledBudget = 1500

// inlinedSize counts the property nodes a schema for t holds once every reference is inlined,
// stopping as soon as the count passes limit. A type already on the path counts as one node: the
// graph may still be recursive where the walk has not yet broken it.
func inlinedSize(defs astmodel.Definitions, t astmodel.TypeName, limit int) int {
	onPath := make(map[astmodel.TypeName]bool)
	n := 0
	var visit func(t astmodel.TypeName)
	visit = func(t astmodel.TypeName) {
		d, ok := defs[t]
		if !ok || n > limit {
			return
		}
		n++
		if onPath[t] {
			return
		}
		onPath[t] = true
		defer delete(onPath, t)
		if obj, ok := d.Type.(*astmodel.ObjectType); ok {
			for _, p := range obj.Properties() {
				n++
				for _, ref := range astmodel.References(p.Type) {
					visit(ref)
				}
			}
			return
		}
		for _, ref := range astmodel.References(d.Type) {
			visit(ref)
		}
	}
	visit(t)
	return n
}

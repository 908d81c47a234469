package reconciler

import (
	"maps"
	"slices"

	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// changesThatMatter lets through the updates that can change what the reconciler does: a new
// generation (the spec), annotations (policy, credential, the resource-id and poller records),
// finalizers and deletion. Status writes, the reconciler's own included, do not wake it: it asks
// to be called again when it needs to (a poll, a wait, the resync).
func changesThatMatter() predicate.Predicate {
	return predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		o, n := e.ObjectOld, e.ObjectNew
		if o == nil || n == nil {
			return true
		}
		return o.GetGeneration() != n.GetGeneration() ||
			!maps.Equal(o.GetAnnotations(), n.GetAnnotations()) ||
			!slices.Equal(o.GetFinalizers(), n.GetFinalizers()) ||
			!o.GetDeletionTimestamp().Equal(n.GetDeletionTimestamp())
	}}
}

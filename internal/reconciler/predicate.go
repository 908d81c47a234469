package reconciler

import (
	"maps"
	"slices"

	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/armgen/armgen/pkg/genruntime"
)

// changesThatMatter lets through the updates that can change what the reconciler does: a new
// generation (the spec), annotations a user sets (policy, credential), finalizers and deletion.
// The reconciler's own writes do not wake it: its status, and its bookkeeping annotations
// (resource-id, the poller's), are written by a reconcile that goes on, or asks to be called
// again when it needs to (a poll, a wait, the resync). Waking on them cost one more reconcile,
// and one more GET of Azure, per resource created.
func changesThatMatter() predicate.Predicate {
	return predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		o, n := e.ObjectOld, e.ObjectNew
		if o == nil || n == nil {
			return true
		}
		return o.GetGeneration() != n.GetGeneration() ||
			!maps.Equal(userAnnotations(o.GetAnnotations()), userAnnotations(n.GetAnnotations())) ||
			bookkeepingEdited(o.GetAnnotations(), n.GetAnnotations()) ||
			finalizersChanged(o.GetFinalizers(), n.GetFinalizers()) ||
			!o.GetDeletionTimestamp().Equal(n.GetDeletionTimestamp())
	}}
}

// ownAnnotations are the ones the reconciler writes for itself. The credential used is recorded
// by the claim, in a reconcile that goes on; what it guards (a switch of credential) is read at
// the next reconcile, so no one's change of it needs one at once.
var ownAnnotations = []string{
	genruntime.ResourceIDAnnotation,
	genruntime.CredentialUsedAnnotation,
	genruntime.PollerResumeTokenAnnotation,
	genruntime.PollerOperationAnnotation,
	genruntime.AppliedInputsAnnotation,
	genruntime.PollerSentAnnotation,
	genruntime.AppliedAnnotation,
	genruntime.DriftBaselineAnnotation,
}

func userAnnotations(ann map[string]string) map[string]string {
	out := maps.Clone(ann)
	for _, k := range ownAnnotations {
		delete(out, k)
	}
	return out
}

// bookkeepingEdited tells an edit of the reconciler's own annotations by someone else from the
// reconciler's own writes, which only ever record a resource-id where there was none, start an
// operation where there was none, and forget one that ended. Anything else (a resource-id
// changed or removed, one resume token swapped for another, the operation's kind changed
// under its token) is someone else's hand, and the reconciler must look at once: it refuses
// an ID that is not the one the spec gives (see checkDeleteTarget), and the object may be
// deleted next. What it cannot tell from its own writes (a resource-id or a resume token set
// where there was none) it meets at the next reconcile: an object without a resource-id is not
// claimed yet and is being reconciled anyway.
func bookkeepingEdited(o, n map[string]string) bool {
	if was := o[genruntime.ResourceIDAnnotation]; was != "" && was != n[genruntime.ResourceIDAnnotation] {
		return true
	}
	ot, nt := o[genruntime.PollerResumeTokenAnnotation], n[genruntime.PollerResumeTokenAnnotation]
	if ot != "" && nt != "" && ot != nt {
		return true
	}
	return nt != "" && ot == nt && o[genruntime.PollerOperationAnnotation] != n[genruntime.PollerOperationAnnotation]
}

// finalizersChanged says the finalizers changed other than by the reconciler's own claim, which
// adds its finalizer in a reconcile that goes on to the PUT: waking on it queued a second
// reconcile that found the object Ready and read Azure again for nothing. Any other change,
// ours removed included, wakes.
func finalizersChanged(o, n []string) bool {
	if slices.Equal(o, n) {
		return false
	}
	if slices.Contains(o, genruntime.Finalizer) || !slices.Contains(n, genruntime.Finalizer) {
		return true
	}
	i := slices.Index(n, genruntime.Finalizer)
	return !slices.Equal(o, slices.Delete(slices.Clone(n), i, i+1))
}

package reconciler

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// patchObject writes what this attempt changed in the object's metadata or spec since before
// (a copy taken just before the change). A JSON merge patch replaces lists whole, and the
// finalizers and ownerReferences are lists other controllers write too: built from a copy the
// cache served, possibly older than the API server's, it would drop whatever another writer
// added since. So the patch carries before's resourceVersion, and the API server refuses it
// (Conflict) when the object has changed since: Reconcile then asks to run again, and the next
// attempt starts over from a newer copy. Nothing is retried here, as what the attempt decided
// was decided on the old copy.
func (a *attempt) patchObject(ctx context.Context, before client.Object) error {
	if err := a.r.client.Patch(ctx, a.obj, client.MergeFromWithOptions(before, client.MergeFromWithOptimisticLock{})); err != nil {
		return err
	}
	a.current = true
	return nil
}

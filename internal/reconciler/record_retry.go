package reconciler

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
)

// The annotations patchAnnotations writes record what Azure was sent or did: a resume token, an
// applied record, a drift baseline. They are facts whatever else changed on the object, and
// refused for a conflict they would be lost: the next attempt, not knowing of the PUT Azure
// accepted, would send it again. So a conflict is retried once on the API server's copy, as long
// as that copy still holds, for every annotation written, what this attempt read: someone else
// changing an operator record (an older attempt, a user clearing it) is left to the next attempt
// to read, as patchObject says.

// retryRecords writes set onto the API server's copy of the object after the write built from
// before (the copy this attempt read) met a conflict; it returns the conflict when that copy's
// records differ from before's.
func (a *attempt) retryRecords(ctx context.Context, before client.Object, set map[string]string, conflict error) error {
	reader := a.r.opts.APIReader
	if reader == nil {
		reader = a.r.client
	}
	// Read into a new object: decoding into one that holds annotations would keep those the
	// API server's copy lacks.
	o, err := a.r.scheme.New(a.gvk)
	if err != nil {
		return conflict
	}
	latest, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return conflict
	}
	if err := reader.Get(ctx, client.ObjectKeyFromObject(before), latest); err != nil {
		return conflict
	}
	latest.GetObjectKind().SetGroupVersionKind(a.gvk)
	for k := range set {
		if latest.GetAnnotations()[k] != before.GetAnnotations()[k] {
			return conflict
		}
	}
	base := latest.DeepCopyObject().(client.Object)
	for k, v := range set {
		setAnnotation(latest, k, v)
	}
	if err := a.r.client.Patch(ctx, latest, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})); err != nil {
		if apierrors.IsConflict(err) {
			return conflict
		}
		return err
	}
	// The attempt goes on from the copy it has just written, as after any write of its own.
	a.obj = latest
	a.current = true
	return nil
}

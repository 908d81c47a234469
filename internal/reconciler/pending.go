package reconciler

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
)

// pending is the long-running operation in flight recorded on obj: its resume token and
// whether it is a PUT or a DELETE.
func pending(obj client.Object) (token, op string) {
	ann := obj.GetAnnotations()
	return ann[genruntime.PollerResumeTokenAnnotation], ann[genruntime.PollerOperationAnnotation]
}

// setPending records (or, with an empty token, forgets) the operation in flight.
func (a *attempt) setPending(ctx context.Context, token, op string) error {
	if t, o := pending(a.obj); t == token && o == op {
		return nil
	}
	before := a.obj.DeepCopyObject().(client.Object)
	setAnnotation(a.obj, genruntime.PollerResumeTokenAnnotation, token)
	setAnnotation(a.obj, genruntime.PollerOperationAnnotation, op)
	if err := a.patchObject(ctx, before); err != nil {
		return err
	}
	a.current = true
	return nil
}

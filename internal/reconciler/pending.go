package reconciler

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
)

// pending is the long-running operation in flight recorded on obj: its resume token and
// whether it is a PUT or a DELETE.
func pending(obj client.Object) (token, op string) {
	ann := obj.GetAnnotations()
	return ann[genruntime.PollerResumeTokenAnnotation], ann[genruntime.PollerOperationAnnotation]
}

// sentRecord is what the operation in flight was sent with (see genruntime.PollerSentAnnotation).
// A record that cannot be read is an error naming the annotation: the operator does not guess
// what an operation carried.
func sentRecord(obj client.Object) (genruntime.OperationRecord, error) {
	r, err := genruntime.ParseOperationRecord(obj.GetAnnotations()[genruntime.PollerSentAnnotation])
	if err != nil {
		return r, fmt.Errorf("annotation %s: %w", genruntime.PollerSentAnnotation, err)
	}
	return r, nil
}

// appliedRecord is what the last PUT Azure completed carried (see genruntime.AppliedAnnotation);
// ok is false when there is no readable record (an object of an older operator, or an edit).
func appliedRecord(obj client.Object) (genruntime.OperationRecord, bool) {
	r, err := genruntime.ParseOperationRecord(obj.GetAnnotations()[genruntime.AppliedAnnotation])
	return r, err == nil && r.Generation != 0
}

// setPending records (or, with an empty token, forgets) the operation in flight, with what it
// was sent with, in one write, so that a restarted operator knows both or neither.
func (a *attempt) setPending(ctx context.Context, token, op string, sent genruntime.OperationRecord) error {
	return a.patchAnnotations(ctx, pendingAnnotations(token, op, sent))
}

// pendingAnnotations are the annotations setPending writes.
func pendingAnnotations(token, op string, sent genruntime.OperationRecord) map[string]string {
	if token == "" {
		sent = genruntime.OperationRecord{}
	}
	return map[string]string{
		genruntime.PollerResumeTokenAnnotation: token,
		genruntime.PollerOperationAnnotation:   op,
		genruntime.PollerSentAnnotation:        sent.String(),
	}
}

// endPut forgets the PUT in flight; applied, when set, is what it carried and Azure completed,
// recorded in the same write.
func (a *attempt) endPut(ctx context.Context, applied *genruntime.OperationRecord) error {
	return a.patchAnnotations(ctx, endAnnotations(applied))
}

// endAnnotations are the annotations endPut writes.
func endAnnotations(applied *genruntime.OperationRecord) map[string]string {
	ann := map[string]string{
		genruntime.PollerResumeTokenAnnotation: "",
		genruntime.PollerOperationAnnotation:   "",
		genruntime.PollerSentAnnotation:        "",
	}
	if applied != nil {
		// When it was sent is no part of what Azure holds (see markApplied).
		r := genruntime.OperationRecord{Generation: applied.Generation, Digest: applied.Digest}
		ann[genruntime.AppliedAnnotation] = r.String()
	}
	return ann
}

// patchAnnotations sets (or, with "", removes) annotations in one merge patch, if any changes.
func (a *attempt) patchAnnotations(ctx context.Context, set map[string]string) error {
	ann := a.obj.GetAnnotations()
	changed := false
	for k, v := range set {
		if ann[k] != v {
			changed = true
		}
	}
	if !changed {
		return nil
	}
	before := a.obj.DeepCopyObject().(client.Object)
	for k, v := range set {
		setAnnotation(a.obj, k, v)
	}
	if err := a.patchObject(ctx, before); err != nil {
		if apierrors.IsConflict(err) {
			return a.retryRecords(ctx, before, set, err)
		}
		return err
	}
	a.current = true
	return nil
}

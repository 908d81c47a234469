package reconciler

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/pkg/genruntime"
)

const (
	reasonInvalidPolicy    = "InvalidReconcilePolicy"
	reasonUnreadablePolicy = "ReconcilePolicyUnreadable"
)

// policy is the reconcile policy of obj: its own annotation, else its namespace's, else the
// operator's default. A value that cannot be read is an error, never a guess: reading "skip"
// wrongly as "manage" would delete what the user meant to keep.
func (r *Reconciler) policy(ctx context.Context, obj genruntime.ARMMetaObject) (genruntime.ReconcilePolicy, error) {
	return r.policyFrom(ctx, r.client, obj)
}

// policyFrom is policy with the namespace read through reader.
func (r *Reconciler) policyFrom(ctx context.Context, reader client.Reader, obj genruntime.ARMMetaObject) (genruntime.ReconcilePolicy, error) {
	if v, ok := obj.GetAnnotations()[genruntime.ReconcilePolicyAnnotation]; ok {
		p, err := genruntime.ParseReconcilePolicy(v)
		if err != nil {
			return "", fmt.Errorf("on the resource: %w", err)
		}
		return p, nil
	}
	// Only a namespace known not to exist has no policy; any other failure to read it (the API
	// server throttling, RBAC, a timeout) leaves its policy unknown, and a guess of manage there
	// could DELETE what the namespace's detach-on-delete meant to keep.
	var ns corev1.Namespace
	switch err := reader.Get(ctx, types.NamespacedName{Name: obj.GetNamespace()}, &ns); {
	case err == nil:
		if v, ok := ns.Annotations[genruntime.ReconcilePolicyAnnotation]; ok {
			p, err := genruntime.ParseReconcilePolicy(v)
			if err != nil {
				return "", fmt.Errorf("on namespace %s: %w", ns.Name, err)
			}
			return p, nil
		}
	case !apierrors.IsNotFound(err):
		return "", &unreadablePolicy{namespace: obj.GetNamespace(), err: err}
	}
	if p := r.opts.Settings.DefaultReconcilePolicy; p != "" {
		return p, nil
	}
	return genruntime.ReconcilePolicyManage, nil
}

// unreadablePolicy is a namespace whose reconcile-policy could not be read: a passing trouble,
// tried again, unlike a policy that reads but is no policy.
type unreadablePolicy struct {
	namespace string
	err       error
}

func (e *unreadablePolicy) Error() string {
	return fmt.Sprintf("cannot read the %s annotation of namespace %s, so nothing is done until it can be: %v",
		genruntime.ReconcilePolicyAnnotation, e.namespace, e.err)
}

func (e *unreadablePolicy) Unwrap() error { return e.err }

// policyError reports a policy that could not be had: one that could not be read is tried
// again; one that reads as no policy waits for an edit. Acting, and above all deleting, with
// a guess might delete what the user meant to keep.
func (a *attempt) policyError(ctx context.Context, err error) (reconcile.Result, error) {
	if unreadable := (*unreadablePolicy)(nil); errors.As(err, &unreadable) {
		return a.fail(ctx, reasonUnreadablePolicy, err, false)
	}
	return a.fail(ctx, reasonInvalidPolicy, err, true)
}

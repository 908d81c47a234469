package reconciler

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/armgen/armgen/pkg/genruntime"
)

const reasonInvalidPolicy = "InvalidReconcilePolicy"

// policy is the reconcile policy of obj: its own annotation, else its namespace's, else the
// operator's default. A value that cannot be read is an error, never a guess: reading "skip"
// wrongly as "manage" would delete what the user meant to keep.
func (r *Reconciler) policy(ctx context.Context, obj genruntime.ARMMetaObject) (genruntime.ReconcilePolicy, error) {
	if v, ok := obj.GetAnnotations()[genruntime.ReconcilePolicyAnnotation]; ok {
		p, err := genruntime.ParseReconcilePolicy(v)
		if err != nil {
			return "", fmt.Errorf("on the resource: %w", err)
		}
		return p, nil
	}
	var ns corev1.Namespace
	if err := r.client.Get(ctx, types.NamespacedName{Name: obj.GetNamespace()}, &ns); err == nil {
		if v, ok := ns.Annotations[genruntime.ReconcilePolicyAnnotation]; ok {
			p, err := genruntime.ParseReconcilePolicy(v)
			if err != nil {
				return "", fmt.Errorf("on namespace %s: %w", ns.Name, err)
			}
			return p, nil
		}
	}
	if p := r.opts.Settings.DefaultReconcilePolicy; p != "" {
		return p, nil
	}
	return genruntime.ReconcilePolicyManage, nil
}

package genruntime

import (
	"fmt"
	"strings"
)

// ReconcilePolicyAnnotation lets users limit what the operator does to the Azure resource behind a Kubernetes resource.
const ReconcilePolicyAnnotation = "serviceoperator.azure.com/reconcile-policy"

// ReconcilePolicy: How far the operator may change the Azure resource behind a Kubernetes resource.
type ReconcilePolicy string

const (
	// ReconcilePolicyManage lets the operator create, update and delete the Azure resource.
	ReconcilePolicyManage ReconcilePolicy = "manage"
	// ReconcilePolicySkip stops the operator from changing the Azure resource, including on delete.
	ReconcilePolicySkip ReconcilePolicy = "skip"
	// ReconcilePolicyDetachOnDelete lets the operator create and update the Azure resource but leaves it behind when the Kubernetes resource is deleted.
	ReconcilePolicyDetachOnDelete ReconcilePolicy = "detach-on-delete"
)

// ParseReconcilePolicy reads the value of ReconcilePolicyAnnotation.
// An absent annotation means manage, as that is what users get without opting out.
// Case and surrounding space are ignored because annotations are typed by hand, but an unknown value is an error: guessing could delete a resource the user meant to keep.
func ParseReconcilePolicy(value string) (ReconcilePolicy, error) {
	switch policy := ReconcilePolicy(strings.ToLower(strings.TrimSpace(value))); policy {
	case "":
		return ReconcilePolicyManage, nil
	case ReconcilePolicyManage, ReconcilePolicySkip, ReconcilePolicyDetachOnDelete:
		return policy, nil
	default:
		return "", fmt.Errorf(
			"%s annotation has unknown value %q; expected one of %q, %q or %q",
			ReconcilePolicyAnnotation, value, ReconcilePolicyManage, ReconcilePolicySkip, ReconcilePolicyDetachOnDelete)
	}
}

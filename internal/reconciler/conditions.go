package reconciler

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Reasons of the Ready condition besides ARM's error codes and the resolver's.
const (
	reasonSucceeded             = "Succeeded"
	reasonReconciling           = "Reconciling"
	reasonDeleting              = "Deleting"
	reasonAzureResourceNotFound = "AzureResourceNotFound"
	// reasonOperationLost: an operation in flight was given up (see followPut).
	reasonOperationLost = "OperationLost"
	// reasonDeleteNotSupported: the kind's ARM type has no DELETE, so the object was released
	// without one (see delete).
	reasonDeleteNotSupported = "DeleteNotSupportedInAzure"
)

func readyFalse(severity conditions.ConditionSeverity, reason, message string, generation int64) conditions.Condition {
	return conditions.NewReady(metav1.ConditionFalse, severity, reason, message, generation)
}

// reconciling is the Ready condition of a resource whose PUT is in flight.
func reconciling(generation int64) conditions.Condition {
	return readyFalse(conditions.ConditionSeverityInfo, reasonReconciling, "The resource is being created or updated in Azure", generation)
}

func readyTrue(generation int64) conditions.Condition {
	return conditions.NewReady(metav1.ConditionTrue, conditions.ConditionSeverityNone, reasonSucceeded, "", generation)
}

// condition records c as the object's Ready condition and asks to be called again after
// requeue (zero: only when the object changes). An unchanged condition is not written again,
// so that waiting objects do not churn the API server.
func (a *attempt) condition(ctx context.Context, c conditions.Condition, requeue time.Duration) (reconcile.Result, error) {
	if err := a.setCondition(ctx, c); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{RequeueAfter: requeue}, nil
}

func (a *attempt) setCondition(ctx context.Context, c conditions.Condition) error {
	c.Message = a.redact(c.Message)
	if a.hasCondition(c) {
		return nil
	}
	if c.Status != metav1.ConditionTrue {
		a.logInfo(ctx, "not ready", "reason", c.Reason, "severity", string(c.Severity), "message", c.Message)
	}
	before := a.obj.DeepCopyObject().(client.Object)
	a.obj.SetConditions(a.obj.GetConditions().Set(c))
	if err := a.r.client.Status().Patch(ctx, a.obj, client.MergeFrom(before)); err != nil {
		return err
	}
	a.current = true
	return nil
}

// hasCondition says the object's Ready condition is c already (its times aside).
func (a *attempt) hasCondition(c conditions.Condition) bool {
	old, had := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	return had && old.Status == c.Status && old.Reason == c.Reason && old.Message == c.Message &&
		old.Severity == c.Severity && old.ObservedGeneration == c.ObservedGeneration
}

// fail reports an error the attempt cannot get past; fatal ones wait for the spec to change.
func (a *attempt) fail(ctx context.Context, reason string, err error, fatal bool) (reconcile.Result, error) {
	severity, wait := conditions.ConditionSeverityWarning, a.backoff()
	if fatal {
		severity, wait = conditions.ConditionSeverityError, 0
	}
	return a.condition(ctx, readyFalse(severity, reason, err.Error(), a.obj.GetGeneration()), wait)
}

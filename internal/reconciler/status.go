package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// setStatus fills status from what Azure returned (decoded into the user's version, converted
// to the hub), exports what operatorSpec asks for, and marks the object Ready for this
// generation (the next look is a resync), or not Ready with why the export failed.
func (a *attempt) setStatus(ctx context.Context, versioned genruntime.ARMMetaObject, actual json.RawMessage) (reconcile.Result, error) {
	// Start from an empty status, so a value Azure no longer reports goes.
	st := field(versioned, "Status")
	st.Set(reflect.Zero(st.Type()))
	status, err := statusOf(versioned)
	if err != nil {
		return reconcile.Result{}, err
	}
	armValue := status.NewEmptyARMValue()
	if err := json.Unmarshal(actual, armValue); err != nil {
		return a.fail(ctx, "InvalidAzureResponse", fmt.Errorf("reading Azure's answer: %w", err), false)
	}
	if err := status.PopulateFromARM(ownerForARM(versioned), armValue); err != nil {
		return a.fail(ctx, "InvalidAzureResponse", fmt.Errorf("reading Azure's answer: %w", err), false)
	}
	stored, err := a.toStored(versioned)
	if err != nil {
		return reconcile.Result{}, err
	}
	ready, wait, err := a.export(ctx, versioned, actual)
	if err != nil {
		return reconcile.Result{}, err
	}
	before := a.obj.DeepCopyObject().(client.Object)
	conds := a.obj.GetConditions()
	copyStatus(stored, a.obj)
	a.obj.SetConditions(conds.Set(ready))
	if !reflect.DeepEqual(before, a.obj) {
		if err := a.r.client.Status().Patch(ctx, a.obj, client.MergeFrom(before)); err != nil {
			return reconcile.Result{}, err
		}
		a.current = true
	}
	return reconcile.Result{RequeueAfter: wait}, nil
}

// toStored is versioned (the original, holding Azure's answer in its status) at the version
// the object is stored and reconciled at: converted to the hub, or, for a kind reconciled at its
// one API version, versioned itself.
func (a *attempt) toStored(versioned genruntime.ARMMetaObject) (genruntime.ARMMetaObject, error) {
	if reflect.TypeOf(versioned) == reflect.TypeOf(a.obj) {
		return versioned, nil
	}
	hub, ok := a.obj.DeepCopyObject().(conversion.Hub)
	if !ok {
		return nil, fmt.Errorf("%T is neither the hub nor the version of %T", a.obj, versioned)
	}
	c, ok := versioned.(conversion.Convertible)
	if !ok {
		return nil, fmt.Errorf("%T does not convert to the hub", versioned)
	}
	if err := c.ConvertTo(hub); err != nil {
		return nil, fmt.Errorf("converting status to the hub: %w", err)
	}
	return hub.(genruntime.ARMMetaObject), nil
}

// observe is the skip policy: never PUT or DELETE, only read Azure into status. A resource not
// (yet) in Azure is reported and looked for again: a user who creates it elsewhere, then
// switches the policy to manage, adopts it.
func (a *attempt) observe(ctx context.Context) (reconcile.Result, error) {
	versioned, err := a.original()
	if err != nil {
		return a.fail(ctx, "InvalidOriginalVersion", err, true)
	}
	var actual json.RawMessage
	err = a.arm.GetByID(ctx, a.id, versioned.GetAPIVersion(), &actual)
	if err != nil {
		if armclient.IsNotFound(err) {
			msg := fmt.Sprintf("%s does not exist in Azure; with reconcile-policy skip the operator does not create it", a.id)
			return a.condition(ctx, readyFalse(conditions.ConditionSeverityWarning, reasonAzureResourceNotFound, msg, a.obj.GetGeneration()), a.backoff())
		}
		return a.armError(ctx, err)
	}
	return a.setStatus(ctx, versioned, actual)
}

package reconciler

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Reasons of an ARM ID the reconciler will not act on.
const (
	reasonInvalidResourceID  = "InvalidResourceID"
	reasonResourceIDMismatch = "ResourceIDMismatch"
)

// sameID compares ARM IDs as ARM does: case-insensitively.
func sameID(a, b string) bool { return strings.EqualFold(a, b) }

// locate says where an ARM ID ParseARMID refused was read.
func locate(err error, field string) error {
	var e *genruntime.ARMIDError
	if errors.As(err, &e) {
		return e.At(field)
	}
	return err
}

// invalidResourceID reports an ID that does not parse: the spec (or the annotation) must change.
func (a *attempt) invalidResourceID(ctx context.Context, err error) (reconcile.Result, error) {
	return a.condition(ctx, readyFalse(conditions.ConditionSeverityError, reasonInvalidResourceID, err.Error(), a.obj.GetGeneration()), 0)
}

// resourceIDMismatch reports a resource-id annotation that names another resource than the
// spec and owner do. Nothing is sent to Azure until the two agree again.
func (a *attempt) resourceIDMismatch(ctx context.Context, recorded, derived string) (reconcile.Result, error) {
	fix := "set it back, or remove it and the operator writes it again"
	if !a.obj.GetDeletionTimestamp().IsZero() {
		fix = "set it back to have the resource deleted in Azure, or remove it to leave Azure alone"
	}
	msg := fmt.Sprintf("annotation %s is %q, but the spec and owner give %s: nothing is sent to Azure on the annotation's word; %s",
		genruntime.ResourceIDAnnotation, recorded, derived, fix)
	return a.condition(ctx, readyFalse(conditions.ConditionSeverityError, reasonResourceIDMismatch, msg, a.obj.GetGeneration()), 0)
}

// checkDeleteTarget holds the resource-id annotation of an object being deleted to the ID its
// spec and owner give, and to the credential's subscription, before a DELETE is sent to it:
// ok is false when the attempt ends here (the condition says why).
//
// A child is usually deleted after its owner's object is gone (garbage collection deletes
// dependents once the owner has left), so the owner's ID may no longer be known. Then what can
// still be derived is held: the resource's own type and name, and its owner kind's type as its
// parent's; the subscription check holds in every case.
func (a *attempt) checkDeleteTarget(ctx context.Context, recorded string) (res reconcile.Result, err error, ok bool) {
	field := "annotation " + genruntime.ResourceIDAnnotation
	parsed, err := genruntime.ParseARMID(recorded)
	if err != nil {
		res, err := a.invalidResourceID(ctx, locate(err, field))
		return res, err, false
	}
	if res, err, ok := a.matchesDerived(ctx, recorded, parsed); !ok {
		return res, err, false
	}
	// The derived ID is in the credential's subscription, or the claim would have refused it:
	// this holds where the owner's ID could not be had.
	if err := a.cred.CheckSubscription(recorded); err != nil {
		res, err := a.credentialError(ctx, err)
		return res, err, false
	}
	return reconcile.Result{}, nil, true
}

// matchesDerived compares the annotation of an object being deleted with the ID its spec and
// owner give, or with what can still be derived when the owner is gone.
func (a *attempt) matchesDerived(ctx context.Context, recorded string, parsed *arm.ResourceID) (res reconcile.Result, err error, ok bool) {
	name, _ := a.azureName()
	at := place{scope: a.obj.GetResourceScope(), subscription: a.cred.SubscriptionID}
	if owner := a.obj.Owner(); owner != nil {
		switch {
		case owner.IsDirectARMReference():
			op, err := genruntime.ParseARMID(owner.ARMID)
			if err != nil {
				res, err := a.invalidResourceID(ctx, locate(err, "spec.owner.armId"))
				return res, err, false
			}
			at.ownerID, at.ownerType = owner.ARMID, op.ResourceType.String()
		default:
			o, err := a.r.opts.Resolver.Object(ctx, a.obj.GetNamespace(), owner.Group, owner.Kind, owner.Name, resolver.ReasonWaitingForOwner)
			if _, known := resolver.AsError(err); err != nil && !known {
				return reconcile.Result{}, err, false
			}
			// Its annotation, Ready or not: an owner being deleted is not Ready, and still is
			// where the child lives.
			if ownerID := ownerAnnotation(o); ownerID != "" {
				at.ownerID, at.ownerType = ownerID, o.GetType()
				break
			}
			ownerType := a.r.opts.Resolver.TypeOf(owner.Group, owner.Kind)
			if !strings.EqualFold(parsed.ResourceType.String(), a.obj.GetType()) || !strings.EqualFold(parsed.Name, name) ||
				parsed.Parent == nil || !strings.EqualFold(parsed.Parent.ResourceType.String(), ownerType) {
				res, err := a.resourceIDMismatch(ctx, recorded, fmt.Sprintf("a %s named %q under a %s", a.obj.GetType(), name, ownerType))
				return res, err, false
			}
			// Which owner cannot be told from the spec any more, but Azure's own answer,
			// kept in status (a subresource those who edit the object usually cannot
			// write), can: a namesake in another resource group is not this resource.
			if known := statusID(a.obj); known != "" && !sameID(recorded, known) {
				res, err := a.resourceIDMismatch(ctx, recorded, fmt.Sprintf("%q (status.id, as Azure last answered)", known))
				return res, err, false
			}
			return reconcile.Result{}, nil, true
		}
	}
	derived, err := resourceID(a.obj.GetType(), name, at)
	if err != nil {
		res, err := a.invalidResourceID(ctx, err)
		return res, err, false
	}
	if !sameID(recorded, derived) {
		res, err := a.resourceIDMismatch(ctx, recorded, fmt.Sprintf("%q", derived))
		return res, err, false
	}
	return reconcile.Result{}, nil, true
}

// ownerAnnotation is the resource-id annotation of an owner read, or "" for none.
func ownerAnnotation(o genruntime.ARMMetaObject) string {
	if o == nil {
		return ""
	}
	return o.GetAnnotations()[genruntime.ResourceIDAnnotation]
}

// statusID is status.id of obj, the ARM ID Azure answered when the resource was last read; ""
// when the kind has none or it was never read.
func statusID(obj genruntime.ARMMetaObject) string {
	st := field(obj, "Status")
	if !st.IsValid() || st.Kind() != reflect.Struct {
		return ""
	}
	id := st.FieldByName("Id")
	for id.IsValid() && id.Kind() == reflect.Pointer {
		if id.IsNil() {
			return ""
		}
		id = id.Elem()
	}
	if !id.IsValid() || id.Kind() != reflect.String {
		return ""
	}
	return id.String()
}

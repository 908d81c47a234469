package reconciler

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// claim makes sure the object knows its Azure resource before anything is sent: its owner is
// Ready (or named by ARM ID), the credential is known, and the finalizer and the resource-id
// annotation are set, with an ownerReference to a Kubernetes owner so that deleting the owner
// deletes the object. An object still waiting has no finalizer: nothing of it is in Azure yet.
// done is set when the attempt ends here (waiting, or an error).
func (a *attempt) claim(ctx context.Context) (res reconcile.Result, err error, done bool) {
	if err := a.connect(ctx); err != nil {
		res, err := a.credentialError(ctx, err)
		return res, err, true
	}
	at := place{scope: a.obj.GetResourceScope(), subscription: a.cred.SubscriptionID}
	var ownerObj genruntime.ARMMetaObject
	if owner := a.obj.Owner(); owner != nil {
		switch {
		case owner.IsDirectARMReference():
			parsed, err := genruntime.ParseARMID(owner.ARMID)
			if err != nil {
				res, err := a.invalidResourceID(ctx, locate(err, "spec.owner.armId"))
				return res, err, true
			}
			at.ownerID, at.ownerType = owner.ARMID, parsed.ResourceType.String()
		default:
			o, err := a.r.opts.Resolver.Object(ctx, a.obj.GetNamespace(), owner.Group, owner.Kind, owner.Name, resolver.ReasonWaitingForOwner)
			if err == nil {
				at.ownerID, err = resolver.ARMIDOf(o, resolver.ReasonWaitingForOwner)
			}
			if err != nil {
				if wait, ok := a.waitQuietly(o, err); ok {
					return reconcile.Result{RequeueAfter: wait}, nil, true
				}
				res, err := a.resolveError(ctx, err)
				return res, err, true
			}
			ownerObj, at.ownerType = o, o.GetType()
		}
	}
	// The ID is always the one the spec and the owner give: the resource-id annotation only
	// records it, and an annotation saying otherwise is refused, never obeyed (anyone who can
	// edit the object can edit it, and it would aim every call, the DELETE included, elsewhere).
	name, defaulted := a.azureName()
	id, err := resourceID(a.obj.GetType(), name, at)
	if err == nil {
		_, err = genruntime.ParseARMID(id)
		err = locate(err, "the ID built from spec.azureName (or metadata.name) and the owner")
	}
	if err != nil {
		res, err := a.invalidResourceID(ctx, err)
		return res, err, true
	}
	if recorded := a.obj.GetAnnotations()[genruntime.ResourceIDAnnotation]; recorded != "" && !sameID(recorded, id) {
		res, err := a.resourceIDMismatch(ctx, recorded, fmt.Sprintf("%q", id))
		return res, err, true
	}
	if err := a.cred.CheckSubscription(id); err != nil {
		res, err := a.credentialError(ctx, err)
		return res, err, true
	}
	// The finalizer, the resource-id and the owner reference go in one write: each write is a
	// watch event for every informer, and the API server is what a large fleet waits on.
	before := a.obj.DeepCopyObject().(client.Object)
	changed := controllerutil.AddFinalizer(a.obj, genruntime.Finalizer)
	if d, ok := a.obj.(genruntime.AzureNameDefaulter); ok && defaulted != "" {
		// Recorded with the finalizer so that the name never changes, whatever later happens to
		// the owner the name was derived from.
		d.SetAzureName(defaulted)
		changed = true
	}
	if a.obj.GetAnnotations()[genruntime.CredentialUsedAnnotation] != a.cred.Name {
		// What the provider holds a later credential to (see credentials.Provider.ForResource):
		// a switch it allowed is recorded, so that the next one is judged from here.
		setAnnotation(a.obj, genruntime.CredentialUsedAnnotation, a.cred.Name)
		changed = true
	}
	if a.obj.GetAnnotations()[genruntime.ResourceIDAnnotation] == "" {
		setAnnotation(a.obj, genruntime.ResourceIDAnnotation, id)
		changed = true
	}
	if ownerObj != nil && !a.hasOwnerReference(ownerObj) {
		if err := controllerutil.SetOwnerReference(ownerObj, a.obj, a.r.scheme); err != nil {
			return reconcile.Result{}, fmt.Errorf("owner reference: %w", err), true
		}
		changed = true
	}
	if changed {
		if err := a.patchObject(ctx, before); err != nil {
			return reconcile.Result{}, err, true
		}
	}
	a.id = id
	return reconcile.Result{}, nil, false
}

// azureName is the object's name in Azure: spec.azureName, else the kind's default (returned
// as defaulted too, to be recorded), else metadata.name.
func (a *attempt) azureName() (name, defaulted string) {
	if name := a.obj.AzureName(); name != "" {
		return name, ""
	}
	defaulted = a.kindDefaultAzureName()
	return cmp.Or(defaulted, a.obj.GetName()), defaulted
}

// kindDefaultAzureName is the Azure name the kind gives an object whose spec.azureName is empty
// (a role assignment's stable UUID), or "" where the kind has none and metadata.name serves, as
// in ASO.
func (a *attempt) kindDefaultAzureName() string {
	if d, ok := a.obj.(genruntime.AzureNameDefaulter); ok {
		return d.DefaultAzureName()
	}
	return ""
}

// quietWait is the longest a wait expected to pass soon goes unreported: an object's for an
// owner on its way, from its creation (see waitQuietly), and a PUT's that Azure expects to end
// soon, from when it was sent (see running).
const quietWait = 30 * time.Second

// waitQuietly says whether the object may wait for its owner without writing WaitingForOwner,
// and how long: the owner's watch will wake it (see owners.go), it is less than quietWait old,
// and the owner is on its way (it does not exist yet, or is not Ready and reports no problem:
// no condition, or an Info one such as Reconciling). Applying a folder of manifests at once,
// children wait for owners being created as a matter of course; saying so would cost a write
// per child just when the API server is busiest, for a state gone within seconds. A child still
// waiting at quietWait, or whose owner reports a problem, says so.
func (a *attempt) waitQuietly(owner genruntime.ARMMetaObject, err error) (time.Duration, bool) {
	if e, ok := resolver.AsError(err); !ok || e.Fatal || !a.r.woken[a.gvk.GroupKind()] {
		return 0, false
	}
	if owner != nil {
		if c, ok := owner.GetConditions().Get(conditions.ConditionTypeReady); ok && c.Severity != conditions.ConditionSeverityInfo {
			return 0, false
		}
	}
	created := a.obj.GetCreationTimestamp().Time
	if created.IsZero() {
		return 0, false
	}
	left := quietWait - time.Since(created)
	if left <= 0 {
		return 0, false
	}
	return left, true
}

// resolveError reports something the spec names that is not there yet, or must not be used.
func (a *attempt) resolveError(ctx context.Context, err error) (reconcile.Result, error) {
	if e, ok := resolver.AsError(err); ok {
		wait := a.backoff()
		switch {
		case e.Fatal:
			wait = 0
		case e.Reason == resolver.ReasonWaitingForOwner && a.r.woken[a.gvk.GroupKind()]:
			// The owner's watch wakes this object once the owner is usable.
			wait = ownerSafetyNet
		}
		return a.condition(ctx, readyFalse(e.Severity(), e.Reason, e.Message, a.obj.GetGeneration()), wait)
	}
	return a.credentialError(ctx, err)
}

// hasOwnerReference says the object refers to owner at the version owner is read at now. A
// reference to the same owner at another version (the hub a kind with one API version was
// stored at, which its upgraded CRD no longer serves) does not count: Kubernetes' garbage
// collector finds owners by the reference's apiVersion, and one the API server does not serve
// would never be resolved, leaving the object behind its deleted owner. SetOwnerReference
// replaces such a reference (same group, kind and name) in place.
func (a *attempt) hasOwnerReference(owner client.Object) bool {
	gvk, err := apiutil.GVKForObject(owner, a.r.scheme)
	if err != nil {
		return false // SetOwnerReference reports it
	}
	apiVersion := gvk.GroupVersion().String()
	for _, ref := range a.obj.GetOwnerReferences() {
		if ref.UID == owner.GetUID() && ref.APIVersion == apiVersion && ref.Kind == gvk.Kind {
			return true
		}
	}
	return false
}

func setAnnotation(obj client.Object, key, value string) {
	ann := obj.GetAnnotations()
	if ann == nil {
		ann = map[string]string{}
	}
	if value == "" {
		delete(ann, key)
	} else {
		ann[key] = value
	}
	obj.SetAnnotations(ann)
}

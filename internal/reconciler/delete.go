package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// delete deletes the Azure resource of an object being deleted, as its policy allows, and then
// lets Kubernetes finish by removing the finalizer. skip and detach-on-delete leave Azure alone;
// so does an object never claimed (it has no Azure resource of its own), and one whose ARM type
// has no DELETE (genruntime.DeletableInAzure), which is released with an Event saying so.
func (a *attempt) delete(ctx context.Context) (reconcile.Result, error) {
	a.r.inFlight.Delete(keyOf(a.obj))
	a.r.credentialUsed.Delete(keyOf(a.obj))
	if !controllerutil.ContainsFinalizer(a.obj, genruntime.Finalizer) {
		return reconcile.Result{}, nil
	}
	if a.policy == genruntime.ReconcilePolicyManage && a.r.opts.APIReader != nil {
		// The cached copies say DELETE: confirm it on the object and namespace as the API
		// server has them (see freshPolicy).
		if err := a.refresh(ctx); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		p, err := a.r.policyFrom(ctx, a.r.opts.APIReader, a.obj)
		if err != nil {
			return a.policyError(ctx, err)
		}
		a.policy = p
		if !controllerutil.ContainsFinalizer(a.obj, genruntime.Finalizer) {
			return reconcile.Result{}, nil
		}
	}
	id := a.obj.GetAnnotations()[genruntime.ResourceIDAnnotation]
	if a.policy != genruntime.ReconcilePolicyManage || id == "" {
		return reconcile.Result{}, a.release(ctx)
	}
	versioned, err := a.original()
	if err != nil {
		return a.fail(ctx, "InvalidOriginalVersion", err, true)
	}
	if !genruntime.IsDeletableInAzure(versioned) {
		// Azure answers 405 to such a DELETE, forever: waiting for it would keep the finalizer
		// for good. The resource goes with its parent, or stays as Azure's default settings.
		a.event(corev1.EventTypeNormal, reasonDeleteNotSupported,
			"Azure has no DELETE for %s (api-version %s): released without deleting %q, which Azure removes with its parent",
			versioned.GetType(), versioned.GetAPIVersion(), id)
		return reconcile.Result{}, a.release(ctx)
	}
	if err := a.connect(ctx); err != nil {
		return a.credentialError(ctx, err)
	}
	if res, err, ok := a.checkDeleteTarget(ctx, id); !ok {
		return res, err
	}
	a.id = id
	// Resolved only so that every message is redacted of the secret values the spec reads.
	_, _ = a.desire(ctx, versioned)
	if token, op := pending(a.obj); token != "" && op == opDelete {
		if res, ok, err := a.followDelete(ctx, token, versioned); ok {
			return res, err
		}
	}
	p, err := a.arm.BeginDelete(ctx, id, versioned.GetAPIVersion())
	if err != nil {
		return a.deleted(ctx, err, versioned)
	}
	a.event(corev1.EventTypeNormal, "BeginDelete", "Deleting %q in Azure", id)
	if !p.Done() {
		return a.deleting(ctx, p, p.RetryAfter())
	}
	return a.confirmGone(ctx, versioned)
}

// followDelete polls the DELETE in flight whose resume token is token. ok is false when the
// operation was lost (its status URL answers 404 or 403, its token cannot be read, or it is
// older than MaxOperationAge): it is forgotten with a Warning naming it, and the caller sends
// the DELETE again, which joins one still running. Whatever the operation says, a DELETE ends
// only when a GET of the resource answers 404 (see confirmGone): ARM forgets an operation's URL
// long before the resource it deleted, and a 404 there says nothing of the resource.
func (a *attempt) followDelete(ctx context.Context, token string, versioned genruntime.ARMMetaObject) (res reconcile.Result, ok bool, err error) {
	lost := func(why string) (reconcile.Result, bool, error) {
		a.event(corev1.EventTypeWarning, reasonOperationLost, "Gave up following the DELETE of %s: %s. Reading the resource in Azure, and deleting it again if needed", a.id, why)
		if err := a.setPending(ctx, "", "", genruntime.OperationRecord{}); err != nil {
			return reconcile.Result{}, true, err
		}
		return reconcile.Result{}, false, nil
	}
	sent, err := sentRecord(a.obj)
	switch {
	case err != nil:
		return lost(err.Error())
	case sent.Sent.IsZero():
		return lost("no record of when it was sent (annotation " + genruntime.PollerSentAnnotation + ")")
	case time.Since(sent.Sent) > a.maxOperationAge():
		return lost(fmt.Sprintf("it was sent %s ago, more than the %s an operation is followed", time.Since(sent.Sent).Round(time.Second), a.maxOperationAge()))
	}
	if err := a.checkToken(token); err != nil {
		return lost("its resume token names an operation outside the credential: " + err.Error())
	}
	p, err := a.arm.ResumeDelete(ctx, token)
	if err != nil {
		return lost("its resume token cannot be read: " + err.Error())
	}
	done, wait, err := p.Poll(ctx)
	if !done {
		if err != nil {
			e := armclient.Classify(err)
			if unpollable(e) {
				return lost("its status URL answers " + e.Error())
			}
			a.logInfo(ctx, "polling failed; trying again", "error", e.Error())
			if wait <= 0 {
				wait = a.backoff()
			}
		}
		res, err := a.deletingWait(ctx, wait)
		return res, true, err
	}
	if err != nil {
		res, err := a.deleted(ctx, err, versioned)
		return res, true, err
	}
	if err := a.setPending(ctx, "", "", genruntime.OperationRecord{}); err != nil {
		return reconcile.Result{}, true, err
	}
	res, err = a.confirmGone(ctx, versioned)
	return res, true, err
}

// deleting records a DELETE in flight and waits for it.
func (a *attempt) deleting(ctx context.Context, p *armclient.Poller, wait time.Duration) (reconcile.Result, error) {
	token, err := p.ResumeToken()
	if err != nil {
		return reconcile.Result{}, err
	}
	if err := a.setPending(ctx, token, opDelete, genruntime.OperationRecord{Sent: time.Now()}); err != nil {
		return reconcile.Result{}, err
	}
	return a.deletingWait(ctx, wait)
}

// deletingWait says the resource is being deleted and waits wait (Azure's advice, or PollDelay).
func (a *attempt) deletingWait(ctx context.Context, wait time.Duration) (reconcile.Result, error) {
	c := readyFalse(conditions.ConditionSeverityInfo, reasonDeleting, "The resource is being deleted in Azure", a.obj.GetGeneration())
	return a.condition(ctx, c, a.pollWait(wait))
}

// confirmGone ends a DELETE that Azure says has ended: the object is released once a GET of
// the resource answers 404. A resource still there is deleted again at the next attempt.
func (a *attempt) confirmGone(ctx context.Context, versioned genruntime.ARMMetaObject) (reconcile.Result, error) {
	var actual json.RawMessage
	err := a.arm.GetByID(ctx, a.id, versioned.GetAPIVersion(), &actual)
	switch {
	case armclient.IsNotFound(err):
		return reconcile.Result{}, a.release(ctx)
	case err != nil:
		return a.deleteFailed(ctx, err)
	}
	if err := a.setPending(ctx, "", "", genruntime.OperationRecord{}); err != nil {
		return reconcile.Result{}, err
	}
	msg := fmt.Sprintf("%s is still in Azure (provisioningState %q) after its DELETE ended; deleting it again", a.id, provisioningState(actual))
	a.logInfo(ctx, msg)
	c := readyFalse(conditions.ConditionSeverityInfo, reasonDeleting, msg, a.obj.GetGeneration())
	return a.condition(ctx, c, a.backoff())
}

// deleted reports a DELETE that failed, to be tried again. A 404 is confirmed by a GET of the
// resource (see confirmGone) before the object is released: the 404 may be its resource
// group's, or an operation's.
func (a *attempt) deleted(ctx context.Context, err error, versioned genruntime.ARMMetaObject) (reconcile.Result, error) {
	if armclient.IsNotFound(err) {
		return a.confirmGone(ctx, versioned)
	}
	return a.deleteFailed(ctx, err)
}

// deleteFailed forgets the DELETE in flight, if any, and reports err.
func (a *attempt) deleteFailed(ctx context.Context, err error) (reconcile.Result, error) {
	if perr := a.setPending(ctx, "", "", genruntime.OperationRecord{}); perr != nil {
		return reconcile.Result{}, perr
	}
	e := armclient.Classify(err)
	a.event(corev1.EventTypeWarning, e.Code, "%s", e.Message)
	wait := a.backoff()
	if e.RetryAfter > 0 {
		wait = e.RetryAfter
	}
	return a.condition(ctx, readyFalse(e.Severity(), e.Code, e.Message, a.obj.GetGeneration()), wait)
}

// release removes the finalizer (and any operation record), letting Kubernetes delete the object.
func (a *attempt) release(ctx context.Context) error {
	before := a.obj.DeepCopyObject().(client.Object)
	controllerutil.RemoveFinalizer(a.obj, genruntime.Finalizer)
	setAnnotation(a.obj, genruntime.PollerResumeTokenAnnotation, "")
	setAnnotation(a.obj, genruntime.PollerOperationAnnotation, "")
	setAnnotation(a.obj, genruntime.PollerSentAnnotation, "")
	return client.IgnoreNotFound(a.patchObject(ctx, before))
}

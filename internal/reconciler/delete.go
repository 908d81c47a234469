package reconciler

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// delete deletes the Azure resource of an object being deleted, as its policy allows, and then
// lets Kubernetes finish by removing the finalizer. skip and detach-on-delete leave Azure alone;
// so does an object never claimed (it has no Azure resource of its own).
func (a *attempt) delete(ctx context.Context) (reconcile.Result, error) {
	a.r.inFlight.Delete(keyOf(a.obj))
	a.r.credentialUsed.Delete(keyOf(a.obj))
	if !controllerutil.ContainsFinalizer(a.obj, genruntime.Finalizer) {
		return reconcile.Result{}, nil
	}
	id := a.obj.GetAnnotations()[genruntime.ResourceIDAnnotation]
	if a.policy != genruntime.ReconcilePolicyManage || id == "" {
		return reconcile.Result{}, a.release(ctx)
	}
	if err := a.connect(ctx); err != nil {
		return a.credentialError(ctx, err)
	}
	if res, err, ok := a.checkDeleteTarget(ctx, id); !ok {
		return res, err
	}
	a.id = id
	versioned, err := a.r.original(a.obj, a.gvk)
	if err != nil {
		return a.fail(ctx, "InvalidOriginalVersion", err, true)
	}
	var p *armclient.Poller
	if token, op := pending(a.obj); token != "" && op == opDelete {
		if p, err = a.arm.ResumeDelete(ctx, token); err == nil {
			done, wait, err := p.Poll(ctx)
			if !done {
				return a.deleting(ctx, p, wait)
			}
			return a.deleted(ctx, err)
		}
		log.FromContext(ctx).Info("dropping an unreadable resume token", "error", err.Error())
	}
	p, err = a.arm.BeginDelete(ctx, id, versioned.GetAPIVersion())
	if err != nil {
		return a.deleted(ctx, err)
	}
	a.r.opts.Recorder.Eventf(a.obj, corev1.EventTypeNormal, "BeginDelete", "Deleting %q in Azure", id)
	if !p.Done() {
		return a.deleting(ctx, p, p.RetryAfter())
	}
	return a.deleted(ctx, nil)
}

// deleting records a DELETE in flight and waits for it.
func (a *attempt) deleting(ctx context.Context, p *armclient.Poller, wait time.Duration) (reconcile.Result, error) {
	token, err := p.ResumeToken()
	if err != nil {
		return reconcile.Result{}, err
	}
	if err := a.setPending(ctx, token, opDelete); err != nil {
		return reconcile.Result{}, err
	}
	c := readyFalse(conditions.ConditionSeverityInfo, reasonDeleting, "The resource is being deleted in Azure", a.obj.GetGeneration())
	return a.condition(ctx, c, a.pollWait(wait))
}

// deleted ends a DELETE: gone (404 counts as gone) releases the object; a failure is reported
// and tried again.
func (a *attempt) deleted(ctx context.Context, err error) (reconcile.Result, error) {
	if err != nil && !armclient.IsNotFound(err) {
		if perr := a.setPending(ctx, "", ""); perr != nil {
			return reconcile.Result{}, perr
		}
		e := armclient.Classify(err)
		a.r.opts.Recorder.Event(a.obj, corev1.EventTypeWarning, e.Code, e.Message)
		wait := a.backoff()
		if e.RetryAfter > 0 {
			wait = e.RetryAfter
		}
		return a.condition(ctx, readyFalse(e.Severity(), e.Code, e.Message, a.obj.GetGeneration()), wait)
	}
	return reconcile.Result{}, a.release(ctx)
}

// release removes the finalizer (and any operation record), letting Kubernetes delete the object.
func (a *attempt) release(ctx context.Context) error {
	before := a.obj.DeepCopyObject().(client.Object)
	controllerutil.RemoveFinalizer(a.obj, genruntime.Finalizer)
	setAnnotation(a.obj, genruntime.PollerResumeTokenAnnotation, "")
	setAnnotation(a.obj, genruntime.PollerOperationAnnotation, "")
	return client.IgnoreNotFound(a.patchObject(ctx, before))
}

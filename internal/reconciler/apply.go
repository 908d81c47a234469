package reconciler

import (
	"context"
	"encoding/json"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/exporters"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

const (
	opPut    = "PUT"
	opDelete = "DELETE"
)

// apply makes Azure hold what the spec asks: it follows an operation already in flight, else
// sends a PUT unless Azure holds this generation with these inputs already (see upToDate) and a
// GET shows it still holds everything asked.
//
// Ready for a generation is written only once a PUT carrying that generation and the inputs it
// resolved now has succeeded: when an operation ends, what it carried (recorded beside its
// resume token) is compared with the spec and inputs of now, and a difference is sent next.
func (a *attempt) apply(ctx context.Context) (reconcile.Result, error) {
	if token, op := pending(a.obj); !a.readyAtGeneration() && (token == "" || op != opPut) {
		// The cache can lag this operator's own last writes: a reconcile queued while the
		// previous one ran may see the object without the resume token or the Ready that
		// previous one recorded, and would PUT again. Before a PUT is even considered, the
		// object is read from the API server (unless this attempt has just written it). An
		// operation in flight is polled on the cached copy; what it finds is written only
		// once the object has been read afresh (see followPut).
		if err := a.refresh(ctx); err != nil {
			return reconcile.Result{}, err
		}
	}
	versioned, err := a.original()
	if err != nil {
		return a.fail(ctx, "InvalidOriginalVersion", err, true)
	}
	d, unresolved := a.desire(ctx, versioned)
	var ended *ending
	if token, op := pending(a.obj); token != "" && op == opPut {
		res, e, err := a.followPut(ctx, token)
		if e == nil {
			return res, err
		}
		ended = e
		if e.kind == endSucceeded && d != nil && unresolved == nil && a.obj.GetGeneration() == d.generation && e.sent.Carries(d.generation, d.digest) {
			// This generation's PUT succeeded: its end is written with what the GET after
			// it reads (see finished), in one write.
			return a.finished(ctx, versioned, d, settledAnnotations(e), e.poller)
		}
		if err := a.settle(ctx, ended); err != nil {
			return reconcile.Result{}, err
		}
		if d != nil && a.obj.GetGeneration() != d.generation {
			// Reading the object afresh (or writing it) brought a newer spec: start again
			// from it, the operation already settled.
			return a.apply(ctx)
		}
	}
	if unresolved != nil {
		return unresolved(ctx)
	}
	if ended != nil {
		return a.afterOperation(ctx, ended, versioned, d)
	}
	if wait, failed := a.failedGeneration(); failed {
		// Azure refused this generation for good: wait for the spec to change (which makes a
		// new generation) or for the next resync, not for the next status event.
		return reconcile.Result{RequeueAfter: wait}, nil
	}
	return a.reconcileSpec(ctx, versioned, d)
}

// reconcileSpec decides, with no operation in flight, whether Azure needs a PUT: it does when
// the generation or the inputs differ from what the last PUT Azure completed carried, or when
// a GET shows Azure no longer holds what the spec asks (drift, or gone). A failed GET is
// reported without undoing what was applied: the next pass reads again rather than writes.
func (a *attempt) reconcileSpec(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired) (reconcile.Result, error) {
	reason := "spec changed"
	verify, lost := a.upToDate(d), false
	if !verify {
		if r, ok := appliedRecord(a.obj); ok && r.Generation == d.generation {
			reason = "resolved inputs changed"
			if changed := a.inputsChanged(d.inputs); changed != "" {
				reason = changed
			}
		} else if a.lostAtGeneration() {
			// An operation carrying this very spec was lost (see afterOperation): read what
			// Azure holds before sending it again.
			verify, lost, reason = true, true, "its operation was lost"
		}
	}
	if verify {
		var actual json.RawMessage
		err := a.arm.GetByID(ctx, a.id, d.apiVersion, &actual)
		switch {
		case armclient.IsNotFound(err):
			reason = "deleted in Azure"
		case err != nil:
			return a.armError(ctx, err)
		default:
			found, err := a.findDrift(d, actual)
			if err != nil {
				return reconcile.Result{}, err
			}
			state := provisioningState(actual)
			switch {
			case found != nil:
				reason = "changed in Azure at " + found.Path
				a.event(corev1.EventTypeNormal, "AzureDrift", "%s", driftMessage(found))
			case lost && state != "" && state != "Succeeded":
				reason = "provisioningState is " + state + " after its operation was lost"
			default:
				if !lost {
					a.r.opts.Metrics.putAvoided(a.obj.GetType())
				}
				// Azure holds this generation: recorded for objects of an older operator, and
				// after a lost operation whose outcome this GET has just read. What Azure holds
				// is the baseline from now on: kept for objects of an older operator and adopted
				// ones, and in place of one that could not be read. Both in one write.
				baseline, err := a.baselineAnnotation(ctx, d, actual)
				if err != nil {
					return reconcile.Result{}, err
				}
				baseline[genruntime.AppliedAnnotation] = appliedValue(d)
				if err := a.patchAnnotations(ctx, baseline); err != nil {
					return reconcile.Result{}, err
				}
				return a.setStatusFor(ctx, versioned, d, actual)
			}
		}
	}
	return a.put(ctx, versioned, d, reason)
}

// put sends the PUT of d and follows it.
func (a *attempt) put(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired, reason string) (reconcile.Result, error) {
	if ok, err := a.fresh(ctx); err != nil {
		return reconcile.Result{}, err
	} else if !ok || a.obj.GetGeneration() != d.generation {
		// Status-only changes do not wake the reconciler (see changesThatMatter), so ask to
		// be called again rather than wait for an event that may not come. A spec newer than
		// d is sent from its own attempt.
		return reconcile.Result{Requeue: true}, nil
	}
	if !a.obj.GetDeletionTimestamp().IsZero() || !controllerutil.ContainsFinalizer(a.obj, genruntime.Finalizer) {
		// The object as the API server has it (read or written by this attempt) is being
		// deleted, or was released: the decision to PUT was made on a copy from before, and
		// a PUT now would create again in Azure what its deletion removed. The delete path
		// takes it from here.
		return reconcile.Result{Requeue: true}, nil
	}
	body, err := a.modifyPut(ctx, versioned, d)
	if err != nil {
		return a.modifyError(ctx, err)
	}
	p, err := a.sendPut(ctx, d.spec, body, d.apiVersion, reason)
	a.r.opts.Metrics.put(a.obj.GetType())
	if err != nil {
		return a.armError(ctx, err)
	}
	// The credential is named at the first PUT, and again when it changes (or the operator
	// restarted): each Event is a write the API server takes.
	if used, ok := a.r.credentialUsed.Load(keyOf(a.obj)); !ok || used.(string) != a.cred.Name {
		a.event(corev1.EventTypeNormal, "CredentialFrom", "Using credential from %q", a.cred.Name)
		a.r.credentialUsed.Store(keyOf(a.obj), a.cred.Name)
	}
	a.event(corev1.EventTypeNormal, "BeginCreateOrUpdate", "Successfully sent resource to Azure with ID %q", a.id)
	return a.follow(ctx, p, versioned, d)
}

// upToDate says Azure holds this generation with the inputs resolved now: the last PUT Azure
// completed carried both (AppliedAnnotation). An object of an older operator, which has no
// such record, counts as up to date when it is Ready for this generation and its recorded
// inputs are unchanged.
func (a *attempt) upToDate(d *desired) bool {
	if r, ok := appliedRecord(a.obj); ok {
		return r.Carries(d.generation, d.digest)
	}
	return a.readyAtGeneration() && a.inputsChanged(d.inputs) == ""
}

// readyAtGeneration says the last reconcile of this generation ended Ready, or only its export
// failed (which is tried again without a PUT).
func (a *attempt) readyAtGeneration() bool {
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	return ok && c.ObservedGeneration == a.obj.GetGeneration() &&
		(c.Status == metav1.ConditionTrue || exporters.IsReason(c.Reason))
}

// appliedValue is the AppliedAnnotation that records that Azure holds d.
func appliedValue(d *desired) string {
	r := genruntime.OperationRecord{Generation: d.generation, Digest: d.digest}
	return r.String()
}

// failedGeneration says this generation already ended in an Error (a refusal retrying cannot
// cure), less than a sync period ago, and how long until that period ends.
func (a *attempt) failedGeneration() (time.Duration, bool) {
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	if !ok || c.Status == metav1.ConditionTrue || c.Severity != conditions.ConditionSeverityError || c.ObservedGeneration != a.obj.GetGeneration() {
		return 0, false
	}
	period := a.r.opts.Settings.SyncPeriod
	if period == 0 {
		return 0, true
	}
	if left := period - time.Since(c.LastTransitionTime.Time); left > 0 {
		return left, true
	}
	return 0, false
}

// armError reports an ARM failure in the Ready condition, with ARM's code as the reason:
// Warning and tried again when retrying can help, Error when the spec must change. Secret values
// ARM might quote are masked, as in every message (see redact).
func (a *attempt) armError(ctx context.Context, err error) (reconcile.Result, error) {
	e := armclient.Classify(err)
	a.event(corev1.EventTypeWarning, e.Code, "%s", e.Message)
	wait := a.retryWait(e)
	return a.condition(ctx, readyFalse(e.Severity(), e.Code, e.Message, a.obj.GetGeneration()), wait)
}

// pollWait is how long to wait before the next poll: Azure's Retry-After, else PollDelay.
func (a *attempt) pollWait(retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return retryAfter
	}
	return a.r.opts.PollDelay
}

func azureName(obj genruntime.ARMMetaObject) string {
	if n := obj.AzureName(); n != "" {
		return n
	}
	return obj.GetName()
}

// refresh reads the object afresh from the API server, unless this attempt has already.
func (a *attempt) refresh(ctx context.Context) error {
	if a.current {
		return nil
	}
	reader := a.r.opts.APIReader
	if reader == nil {
		reader = a.r.client
	}
	if err := reader.Get(ctx, client.ObjectKeyFromObject(a.obj), a.obj); err != nil {
		return err
	}
	a.obj.GetObjectKind().SetGroupVersionKind(a.gvk)
	a.current = true
	return nil
}

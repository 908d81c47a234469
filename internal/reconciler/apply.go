package reconciler

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
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
// sends a PUT unless the resource is up to date (Ready for this generation) and a GET shows
// Azure still holds everything asked.
func (a *attempt) apply(ctx context.Context) (reconcile.Result, error) {
	if token, op := pending(a.obj); !a.upToDate() && (token == "" || op != opPut) {
		// The cache can lag this operator's own last writes: a reconcile queued while the
		// previous one ran may see the object without the resume token or the Ready that
		// previous one recorded, and would PUT again. Before a PUT is even considered, the
		// object is read from the API server (unless this attempt has just written it). An
		// operation in flight is polled on the cached copy; what it finds is written only
		// once the object has been read afresh (see poll).
		if err := a.refresh(ctx); err != nil {
			return reconcile.Result{}, err
		}
	}
	if wait, failed := a.failedGeneration(); failed {
		// Azure refused this generation for good: wait for the spec to change (which makes a
		// new generation) or for the next resync, not for the next status event.
		return reconcile.Result{RequeueAfter: wait}, nil
	}
	versioned, err := a.r.original(a.obj, a.gvk)
	if err != nil {
		return a.fail(ctx, "InvalidOriginalVersion", err, true)
	}
	apiVersion := versioned.GetAPIVersion()
	if token, op := pending(a.obj); token != "" && op == opPut {
		p, err := a.arm.ResumeCreateOrUpdate(ctx, token)
		if err == nil {
			return a.poll(ctx, p, token, versioned)
		}
		// A token this client cannot read: a PUT is idempotent, so send it again.
		log.FromContext(ctx).Info("dropping an unreadable resume token", "error", err.Error())
		if err := a.setPending(ctx, "", ""); err != nil {
			return reconcile.Result{}, err
		}
	}

	spec, err := specOf(versioned)
	if err != nil {
		return reconcile.Result{}, err
	}
	resolved, inputs, err := a.r.opts.Resolver.ResolveWithInputs(ctx, a.obj.GetNamespace(), spec, a.cred.CheckSubscription)
	if err != nil {
		return a.resolveError(ctx, err)
	}
	resolved.Name = azureName(a.obj)
	secrets := slices.Collect(maps.Values(resolved.ResolvedSecrets))
	payload, err := spec.ConvertToARM(resolved)
	if err != nil {
		return a.fail(ctx, "InvalidSpec", err, true)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return a.fail(ctx, "InvalidSpec", err, true)
	}

	reason := "spec changed"
	upToDate := a.upToDate()
	if upToDate {
		if changed := a.inputsChanged(inputs); changed != "" {
			reason, upToDate = changed, false
		}
	}
	if upToDate {
		var actual json.RawMessage
		err := a.arm.GetByID(ctx, a.id, apiVersion, &actual)
		switch {
		case armclient.IsNotFound(err):
			reason = "deleted in Azure"
		case err != nil:
			return a.armError(ctx, err, secrets)
		default:
			where, err := drift(body, actual)
			if err != nil {
				return reconcile.Result{}, err
			}
			if where == "" {
				a.r.opts.Metrics.putAvoided(a.obj.GetType())
				return a.setStatus(ctx, versioned, actual)
			}
			reason = "changed in Azure at " + where
			a.r.opts.Recorder.Eventf(a.obj, corev1.EventTypeNormal, "AzureDrift", "Azure no longer matches the spec (%s): sending it again", where)
		}
	}
	if ok, err := a.fresh(ctx); err != nil {
		return reconcile.Result{}, err
	} else if !ok {
		// Status-only changes do not wake the reconciler (see changesThatMatter), so ask to
		// be called again rather than wait for an event that may not come.
		return reconcile.Result{Requeue: true}, nil
	}
	p, err := a.put(ctx, spec, body, apiVersion, reason)
	a.r.opts.Metrics.put(a.obj.GetType())
	if err != nil {
		return a.armError(ctx, err, secrets)
	}
	a.recordInputs(ctx, inputs)
	// The credential is named at the first PUT, and again when it changes (or the operator
	// restarted): each Event is a write the API server takes.
	if used, ok := a.r.credentialUsed.Load(keyOf(a.obj)); !ok || used.(string) != a.cred.Name {
		a.r.opts.Recorder.Eventf(a.obj, corev1.EventTypeNormal, "CredentialFrom", "Using credential from %q", a.cred.Name)
		a.r.credentialUsed.Store(keyOf(a.obj), a.cred.Name)
	}
	a.r.opts.Recorder.Eventf(a.obj, corev1.EventTypeNormal, "BeginCreateOrUpdate", "Successfully sent resource to Azure with ID %q", a.id)
	return a.follow(ctx, p, versioned, secrets)
}

// follow records an operation still in flight (its resume token, so that a restarted operator
// polls it rather than sending it again), or reads the result of one that ended.
//
// A resource that was Ready (an update, or Azure's drift put right) turns not Ready at once,
// Reconciling; so does one being created when Azure asks to wait reconcilingAfter or more
// before polling. Otherwise Azure expects the operation to end soon, and the Ready written next
// says all there is to say: Reconciling comes only once Azure has asked to wait that long in
// all, or the operation has run for quietWait (see running). Each write is one more for the
// API server to convert, store and send to every watch.
func (a *attempt) follow(ctx context.Context, p *armclient.Poller, versioned genruntime.ARMMetaObject, secrets []string) (reconcile.Result, error) {
	a.r.inFlight.Delete(keyOf(a.obj))
	if !p.Done() {
		token, err := p.ResumeToken()
		if err != nil {
			return reconcile.Result{}, err
		}
		wasReady := a.isReady()
		if err := a.setPending(ctx, token, opPut); err != nil {
			return reconcile.Result{}, err
		}
		wait := a.pollWait(p.RetryAfter())
		if wasReady || wait >= reconcilingAfter {
			return a.condition(ctx, reconciling(a.obj.GetGeneration()), wait)
		}
		a.r.inFlight.Store(keyOf(a.obj), operation{sent: time.Now(), advised: wait})
		return reconcile.Result{RequeueAfter: wait}, nil
	}
	return a.finished(ctx, versioned, secrets)
}

// running waits for the operation in flight whose resume token is token, after Azure's advice
// wait, and says so in the Ready condition (Reconciling) once Azure has asked to wait
// reconcilingAfter in all since this process sent it, or quietWait has passed; at once if
// another process sent it (this one restarted since).
func (a *attempt) running(ctx context.Context, token string, wait time.Duration) (reconcile.Result, error) {
	res := reconcile.Result{RequeueAfter: a.pollWait(wait)}
	if v, ok := a.r.inFlight.Load(keyOf(a.obj)); ok {
		op := v.(operation)
		op.advised += res.RequeueAfter
		if op.advised < reconcilingAfter && time.Since(op.sent) < quietWait {
			a.r.inFlight.Store(keyOf(a.obj), op)
			return res, nil
		}
	}
	c := reconciling(a.obj.GetGeneration())
	if a.hasCondition(c) {
		return res, nil
	}
	// Written on the latest version only (see poll).
	if stale, err := a.pendingChanged(ctx, token); err != nil || stale {
		if err != nil {
			return reconcile.Result{}, err
		}
		return a.apply(ctx)
	}
	return a.condition(ctx, c, res.RequeueAfter)
}

// isReady says the Ready condition is True, whatever the generation.
func (a *attempt) isReady() bool {
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	return ok && c.Status == metav1.ConditionTrue
}

// poll makes one poll of the operation in flight whose resume token is token.
func (a *attempt) poll(ctx context.Context, p *armclient.Poller, token string, versioned genruntime.ARMMetaObject) (reconcile.Result, error) {
	done, wait, err := p.Poll(ctx)
	if !done {
		if err != nil {
			log.FromContext(ctx).Info("polling failed; trying again", "error", armclient.Classify(err).Error())
		}
		return a.running(ctx, token, wait)
	}
	a.r.inFlight.Delete(keyOf(a.obj))
	// The copy polled may be the cache's, behind the API server: the operation may have been
	// followed to its end already, and another begun. What the poll found is recorded only on
	// the latest version, and only if that still waits for this operation.
	if stale, err := a.pendingChanged(ctx, token); err != nil || stale {
		if err != nil {
			return reconcile.Result{}, err
		}
		return a.apply(ctx)
	}
	if err := a.setPending(ctx, "", ""); err != nil {
		return reconcile.Result{}, err
	}
	if err != nil {
		return a.armError(ctx, err, nil)
	}
	return a.finished(ctx, versioned, nil)
}

// pendingChanged reads the object past the cache, unless this attempt has, and says whether
// the operation it records is no longer the one whose resume token is token.
func (a *attempt) pendingChanged(ctx context.Context, token string) (bool, error) {
	if a.current {
		return false, nil
	}
	if err := a.refresh(ctx); err != nil {
		return false, err
	}
	t, op := pending(a.obj)
	return t != token || op != opPut, nil
}

// finished reads the resource after a PUT into status.
func (a *attempt) finished(ctx context.Context, versioned genruntime.ARMMetaObject, secrets []string) (reconcile.Result, error) {
	if err := a.setPending(ctx, "", ""); err != nil {
		return reconcile.Result{}, err
	}
	var actual json.RawMessage
	if err := a.arm.GetByID(ctx, a.id, versioned.GetAPIVersion(), &actual); err != nil {
		return a.armError(ctx, err, secrets)
	}
	return a.setStatus(ctx, versioned, actual)
}

// upToDate says the last reconcile of this generation got Azure to hold the spec: it ended
// Ready, or only its export failed (which is tried again without a PUT).
func (a *attempt) upToDate() bool {
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	return ok && c.ObservedGeneration == a.obj.GetGeneration() &&
		(c.Status == metav1.ConditionTrue || exporters.IsReason(c.Reason))
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
// ARM might quote are masked.
func (a *attempt) armError(ctx context.Context, err error, secrets []string) (reconcile.Result, error) {
	e := armclient.Classify(err).Redact(secrets...)
	a.r.opts.Recorder.Event(a.obj, corev1.EventTypeWarning, e.Code, e.Message)
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

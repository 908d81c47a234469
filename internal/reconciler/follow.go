package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// defaultMaxOperationAge is how long an operation is followed before it is given up when the
// settings say nothing (see settings.Settings.MaxOperationAge): longer than Azure's slowest
// common operations (a SQL managed instance, an AKS cluster with many pools take hours), short
// enough that an operation Azure forgot without saying so does not hold a resource for days.
const defaultMaxOperationAge = 24 * time.Hour

// How an operation in flight ended, as followPut and followDelete see it.
type endKind int

const (
	// endSucceeded: Azure completed it.
	endSucceeded endKind = iota
	// endFailed: Azure ran it and it failed.
	endFailed
	// endLost: nobody can say any more: its status URL answers 404 or 403 (ARM forgot it,
	// or the token is from a backup), its token or record cannot be read, or it is older
	// than MaxOperationAge. What Azure holds is read instead.
	endLost
)

// ending is an operation that has ended for this operator.
type ending struct {
	kind endKind
	// sent is what it carried (see genruntime.PollerSentAnnotation).
	sent genruntime.OperationRecord
	// err is the failure of a failed operation.
	err error
	// why says, for a lost operation, what made it so.
	why string
	// poller is the operation's, for a succeeded one: its last answer may be the GET that
	// finished needs (see armclient.Poller.ReadBack).
	poller *armclient.Poller
}

// follow records an operation still in flight (its resume token, so that a restarted operator
// polls it rather than sending it again, and what it carries), or reads the result of one that
// ended at once.
//
// A resource that was Ready (an update, or Azure's drift put right) turns not Ready at once,
// Reconciling; so does one being created when Azure asks to wait reconcilingAfter or more
// before polling. Otherwise Azure expects the operation to end soon, and the Ready written next
// says all there is to say: Reconciling comes only once Azure has asked to wait that long in
// all, or the operation has run for quietWait (see running). Each write is one more for the
// API server to convert, store and send to every watch.
func (a *attempt) follow(ctx context.Context, p *armclient.Poller, versioned genruntime.ARMMetaObject, d *desired) (reconcile.Result, error) {
	a.r.inFlight.Delete(keyOf(a.obj))
	sent := genruntime.OperationRecord{Generation: d.generation, Digest: d.digest, Sent: time.Now()}
	// The inputs the PUT was sent with go in the same write as the operation it started.
	if !p.Done() {
		token, err := p.ResumeToken()
		if err != nil {
			return reconcile.Result{}, err
		}
		wasReady := a.isReady()
		set := pendingAnnotations(token, opPut, sent)
		maps.Copy(set, inputsAnnotation(d.inputs))
		if err := a.patchAnnotations(ctx, set); err != nil {
			return reconcile.Result{}, err
		}
		wait := a.pollWait(p.RetryAfter())
		if wasReady || wait >= reconcilingAfter {
			return a.condition(ctx, reconciling(a.obj.GetGeneration()), wait)
		}
		a.r.inFlight.Store(keyOf(a.obj), operation{sent: time.Now(), advised: wait})
		return reconcile.Result{RequeueAfter: wait}, nil
	}
	ended := endAnnotations(&sent)
	maps.Copy(ended, inputsAnnotation(d.inputs))
	return a.finished(ctx, versioned, d, ended, p)
}

// followPut makes one poll of the PUT in flight whose resume token is token. When it has not
// ended, res is what to do meanwhile and e is nil; when it has, e says how. A poll that fails
// for a reason that passes (throttling, a server error, the network) is tried again; one that
// cannot pass (404, 403 or another refusal of the status URL) loses the operation.
func (a *attempt) followPut(ctx context.Context, token string) (res reconcile.Result, e *ending, err error) {
	lost := func(why string) (reconcile.Result, *ending, error) {
		// The copy polled may be the cache's: the operation may have been followed to its
		// end already, and another begun. Only the latest version is judged.
		if stale, err := a.pendingChanged(ctx, token); err != nil || stale {
			if err != nil {
				return reconcile.Result{}, nil, err
			}
			res, err := a.apply(ctx)
			return res, nil, err
		}
		sent, _ := sentRecord(a.obj)
		return reconcile.Result{}, &ending{kind: endLost, sent: sent, why: why}, nil
	}
	sent, err := sentRecord(a.obj)
	if err != nil {
		return lost(err.Error())
	}
	if sent.Sent.IsZero() {
		return lost("no record of when it was sent (annotation " + genruntime.PollerSentAnnotation + ")")
	}
	if age := time.Since(sent.Sent); age > a.maxOperationAge() {
		return lost(fmt.Sprintf("it was sent %s ago, more than the %s an operation is followed", age.Round(time.Second), a.maxOperationAge()))
	}
	if err := a.checkToken(token); err != nil {
		return lost("its resume token names an operation outside the credential: " + err.Error())
	}
	p, err := a.arm.ResumeCreateOrUpdate(ctx, token)
	if err != nil {
		return lost("its resume token cannot be read: " + err.Error())
	}
	done, wait, err := p.Poll(ctx)
	if !done {
		if err != nil {
			ae := armclient.Classify(err)
			if unpollable(ae) {
				return lost("its status URL answers " + ae.Error())
			}
			a.logInfo(ctx, "polling failed; trying again", "error", ae.Error())
			if wait <= 0 {
				wait = a.backoff()
			}
		}
		res, err := a.running(ctx, token, wait)
		return res, nil, err
	}
	a.r.inFlight.Delete(keyOf(a.obj))
	if armclient.IsNotFound(err) {
		// Reading the outcome found no resource: the operation cannot say what Azure holds.
		return lost("its outcome answers " + armclient.Classify(err).Error())
	}
	if stale, serr := a.pendingChanged(ctx, token); serr != nil || stale {
		if serr != nil {
			return reconcile.Result{}, nil, serr
		}
		res, err := a.apply(ctx)
		return res, nil, err
	}
	if err != nil {
		return reconcile.Result{}, &ending{kind: endFailed, sent: sent, err: err}, nil
	}
	return reconcile.Result{}, &ending{kind: endSucceeded, sent: sent, poller: p}, nil
}

// unpollable says a failed poll will not pass by itself: the status URL is not found or
// forbidden, or refused for another reason retrying cannot cure, or not on the ARM endpoint at
// all (a resume token rewritten to name another host: the client does not send it).
func unpollable(e *armclient.Error) bool {
	return e.StatusCode == http.StatusNotFound || e.StatusCode == http.StatusForbidden || (e.StatusCode >= 400 && !e.Retryable) ||
		e.Code == armclient.CodeForeignEndpoint
}

// maxOperationAge is the MAX_OPERATION_AGE setting, or its default.
func (a *attempt) maxOperationAge() time.Duration {
	if a.r.opts.Settings.MaxOperationAge > 0 {
		return a.r.opts.Settings.MaxOperationAge
	}
	return defaultMaxOperationAge
}

// settle forgets the PUT that ended, recording what it carried as applied when Azure completed
// it, and says a lost one out loud (a Warning Event naming it). A failure is reported later, by
// afterOperation, once it is known that the failed PUT carried the spec of now and the secret
// values its message might quote are known.
func (a *attempt) settle(ctx context.Context, e *ending) error {
	if err := a.patchAnnotations(ctx, settledAnnotations(e)); err != nil {
		return err
	}
	if e.kind == endLost {
		a.event(corev1.EventTypeWarning, reasonOperationLost, "%s", a.lostMessage(e))
		a.logInfo(ctx, "operation lost", "why", e.why)
	}
	return nil
}

// settledAnnotations are what settle writes: the PUT forgotten, and what it carried recorded as
// applied when Azure completed it.
func settledAnnotations(e *ending) map[string]string {
	var applied *genruntime.OperationRecord
	if e.kind == endSucceeded && e.sent.Generation != 0 {
		applied = &genruntime.OperationRecord{Generation: e.sent.Generation, Digest: e.sent.Digest}
	}
	return endAnnotations(applied)
}

// lostMessage names a lost operation and why it was given up.
func (a *attempt) lostMessage(e *ending) string {
	what := "the PUT of " + a.id
	if e.sent.Generation != 0 {
		what += fmt.Sprintf(" for generation %d", e.sent.Generation)
	}
	if !e.sent.Sent.IsZero() {
		what += " sent at " + e.sent.Sent.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("Gave up following %s: %s. Reading the resource in Azure, and sending it again if needed", what, e.why)
}

// afterOperation goes on from a PUT that ended. If it carried the generation and inputs of now,
// its outcome is this generation's: Ready after a GET, or its failure, or (lost) a look at what
// Azure holds; if not, whatever it did, the spec of now is sent next.
func (a *attempt) afterOperation(ctx context.Context, e *ending, versioned genruntime.ARMMetaObject, d *desired) (reconcile.Result, error) {
	if !e.sent.Carries(d.generation, d.digest) {
		why := fmt.Sprintf("generation %d changed while the PUT of generation %d was in flight", d.generation, e.sent.Generation)
		if e.sent.Generation == d.generation {
			why = "its inputs changed while its PUT was in flight"
			if changed := a.inputsChanged(d.inputs); changed != "" {
				why = changed + " while its PUT was in flight"
			}
		}
		return a.put(ctx, versioned, d, why)
	}
	switch e.kind {
	case endFailed:
		return a.armError(ctx, e.err)
	case endLost:
		// Said in the Ready condition for this generation; the next pass reads Azure (see
		// lostAtGeneration) and sends the PUT again only if needed.
		c := readyFalse(conditions.ConditionSeverityWarning, reasonOperationLost, a.lostMessage(e), a.obj.GetGeneration())
		return a.condition(ctx, c, a.r.opts.WaitDelay)
	}
	return a.finished(ctx, versioned, d, nil, e.poller)
}

// lostAtGeneration says the Ready condition reports a lost operation for this generation.
func (a *attempt) lostAtGeneration() bool {
	c, ok := a.obj.GetConditions().Get(conditions.ConditionTypeReady)
	return ok && c.Reason == reasonOperationLost && c.ObservedGeneration == a.obj.GetGeneration()
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
	// Written on the latest version only (see followPut).
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

// finished reads the resource after a PUT of d that Azure completed into status. ended are the
// annotations that end the PUT (see settledAnnotations), not written yet: they go in one write
// with the drift baseline the GET gives, or alone when the GET fails, so that what the
// operation did is on the object whatever happens next.
//
// p is the PUT's poller (nil when not at hand): when its last answer was a GET of this very
// resource and api-version (azcore reads the resource once an Azure-AsyncOperation succeeds),
// that answer is the GET, and none is sent again. What is written is the same either way, and a
// process that stops before writing it polls the operation again from its resume token.
func (a *attempt) finished(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired, ended map[string]string, p *armclient.Poller) (reconcile.Result, error) {
	if p != nil {
		if body, ok := p.ReadBack(a.id, d.apiVersion); ok {
			return a.finishedWith(ctx, versioned, d, ended, body)
		}
	}
	var actual json.RawMessage
	if err := a.arm.GetByID(ctx, a.id, d.apiVersion, &actual); err != nil {
		if werr := a.patchAnnotations(ctx, ended); werr != nil {
			return reconcile.Result{}, werr
		}
		return a.armError(ctx, err)
	}
	return a.finishedWith(ctx, versioned, d, ended, actual)
}

// finishedWith is finished once Azure's view of the resource after the PUT, actual, is read.
func (a *attempt) finishedWith(ctx context.Context, versioned genruntime.ARMMetaObject, d *desired, ended map[string]string, actual json.RawMessage) (reconcile.Result, error) {
	set := maps.Clone(ended)
	// What Azure holds right after the PUT is what later resyncs compare with.
	if a.obj.GetGeneration() == d.generation {
		baseline, err := a.baselineAnnotation(ctx, d, actual)
		if err != nil {
			if werr := a.patchAnnotations(ctx, ended); werr != nil {
				return reconcile.Result{}, werr
			}
			return reconcile.Result{}, err
		}
		if set == nil {
			set = map[string]string{}
		}
		maps.Copy(set, baseline)
	}
	if err := a.patchAnnotations(ctx, set); err != nil {
		return reconcile.Result{}, err
	}
	return a.setStatusFor(ctx, versioned, d, actual)
}

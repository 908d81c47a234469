package operator_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// The end-to-end sample test runs every sample at once, so its waits grow with their number: a
// base for the operator to start and the deepest owner chain to unwind, plus a share per sample
// (four reconciles at a time per kind, each a PUT and a few polls of armfake; 40 samples took
// about 2 s each on a busy 2-core machine). They bound a failure only: the wait ends as soon as
// every sample is Ready or has failed.
const (
	readyBase, readyPerSample   = time.Minute, 3 * time.Second
	deleteBase, deletePerSample = time.Minute, 2 * time.Second
)

func scaledTimeout(base, per time.Duration, n int) time.Duration {
	return base + time.Duration(n)*per
}

// sampleName is how the test names a sample in its report: Kind/name.
func sampleName(o client.Object) string {
	gvk, _ := apiutil.GVKForObject(o, shared.Scheme)
	return gvk.Kind + "/" + o.GetName()
}

// awaitSamples waits until every sample is Ready or has failed, and returns why each failed one
// did: a Ready condition of severity Error for its current generation (ARM refused it for good;
// the message carries ARM's details, such as armfake's validation problems), an owner among the
// samples that failed, or, at the timeout, the condition it is stuck at and what armfake saw
// of it. It does not stop at the first failure, and returns as soon as nothing is left to wait
// for.
func awaitSamples(r *run, samples []genruntime.ARMMetaObject, timeout time.Duration) map[genruntime.ARMMetaObject]string {
	failed := map[genruntime.ARMMetaObject]string{}
	pending := slices.Clone(samples)
	byName := map[string]genruntime.ARMMetaObject{}
	for _, s := range samples {
		gvk, _ := apiutil.GVKForObject(s, shared.Scheme)
		byName[gvk.Group+"/"+gvk.Kind+"/"+s.GetName()] = s
	}
	deadline := time.Now().Add(timeout)
	for len(pending) > 0 {
		var still []genruntime.ARMMetaObject
		for _, s := range pending {
			fresh := s.DeepCopyObject().(genruntime.ARMMetaObject)
			if err := r.get(fresh); err != nil {
				failed[s] = "cannot read it: " + err.Error()
				continue
			}
			c, _ := fresh.GetConditions().Get(conditions.ConditionTypeReady)
			switch {
			case c.Status == metav1.ConditionTrue:
				continue
			case c.Status == metav1.ConditionFalse && c.Severity == conditions.ConditionSeverityError && c.ObservedGeneration == fresh.GetGeneration():
				failed[s] = "Ready " + describe(c)
				continue
			}
			if o := fresh.Owner(); o != nil {
				if owner, ok := byName[o.Group+"/"+o.Kind+"/"+o.Name]; ok {
					if _, ownerFailed := failed[owner]; ownerFailed {
						failed[s] = "its owner " + sampleName(owner) + " failed (Ready " + describe(c) + ")"
						continue
					}
				}
			}
			still = append(still, s)
		}
		pending = still
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			for _, s := range pending {
				failed[s] = fmt.Sprintf("not Ready after %s: %s; %s", timeout.Round(time.Second), describe(r.ready(s)), armfakeSaw(r, s))
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return failed
}

// armfakeSaw says what armfake received for a sample's resource: no resource ID yet, no PUT, or
// the status of each PUT (a 400 is armfake refusing a body that does not validate against the
// swagger).
func armfakeSaw(r *run, s genruntime.ARMMetaObject) string {
	fresh := s.DeepCopyObject().(genruntime.ARMMetaObject)
	if err := r.get(fresh); err != nil {
		return "cannot read it: " + err.Error()
	}
	id := fresh.GetAnnotations()[genruntime.ResourceIDAnnotation]
	if id == "" {
		return "no resource ID yet (its owner is not in Azure)"
	}
	return armfakeAnswers(r, "PUT", id)
}

// armfakeAnswers says what armfake answered to the requests of one method for a resource ID.
func armfakeAnswers(r *run, method, id string) string {
	var statuses []string
	for _, q := range r.requests(method, "") {
		if strings.EqualFold(q.Path, id) {
			statuses = append(statuses, fmt.Sprint(q.Status))
		}
	}
	if len(statuses) == 0 {
		return "armfake received no " + method + " for " + id
	}
	return "armfake answered its " + method + "s with " + strings.Join(statuses, ", ")
}

// acceptedPut checks that armfake accepted exactly one PUT for id (2xx: armfake validates every
// PUT body against the swagger and answers 400 otherwise) and returns its body.
func acceptedPut(r *run, id string) (string, error) {
	var bodies []string
	var refused []string
	for _, q := range r.requests("PUT", "") {
		if !strings.EqualFold(q.Path, id) {
			continue
		}
		if q.Status < 200 || q.Status >= 300 {
			refused = append(refused, fmt.Sprintf("HTTP %d", q.Status))
			continue
		}
		bodies = append(bodies, q.Body)
	}
	switch {
	case len(refused) > 0:
		return "", fmt.Errorf("armfake refused PUTs to %s (%s; a 400 is a body that does not validate against the swagger)", id, strings.Join(refused, ", "))
	case len(bodies) != 1:
		return "", fmt.Errorf("%d accepted PUTs to %s, want 1", len(bodies), id)
	}
	return bodies[0], nil
}

// deleteTreeReport deletes the samples' roots (resource groups, what nothing owns) and their dependents as deleteTree
// does, waiting up to timeout, and names each object still there then, with its finalizers, its
// Ready condition and what armfake saw of its DELETE.
func deleteTreeReport(t *testing.T, r *run, objs []genruntime.ARMMetaObject, timeout time.Duration) []string {
	t.Helper()
	ctx := context.Background()
	deleted, gone := map[string]bool{}, map[string]bool{}
	for _, o := range objs {
		// The roots: what names no Kubernetes owner in its spec (resource groups, a subscription
		// alias at tenant scope, a resource owned by ARM ID), which garbage collection would never
		// delete. One whose owner is a Kubernetes object is left to its owner's deletion, even when
		// it never got the owner reference (its owner never reached Azure): that is what it reports.
		if owner := o.Owner(); owner == nil || !owner.IsKubernetesReference() {
			if err := shared.Client.Delete(ctx, o); err != nil {
				t.Fatal(err)
			}
			deleted[string(o.GetUID())] = true
		}
	}
	deadline := time.Now().Add(timeout)
	for {
		var left []genruntime.ARMMetaObject
		for _, o := range objs {
			uid := string(o.GetUID())
			if err := r.get(o); err != nil {
				gone[uid] = true
				continue
			}
			left = append(left, o)
			if deleted[uid] {
				continue
			}
			for _, ref := range o.GetOwnerReferences() {
				if gone[string(ref.UID)] {
					if err := shared.Client.Delete(ctx, o, client.PropagationPolicy(metav1.DeletePropagationBackground)); err == nil {
						deleted[uid] = true
					}
					break
				}
			}
		}
		if len(left) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			var out []string
			for _, o := range left {
				why := "never deleted: none of its owners was deleted"
				if deleted[string(o.GetUID())] {
					why = fmt.Sprintf("delete did not finish after %s: finalizers %v, Ready %s; %s",
						timeout.Round(time.Second), o.GetFinalizers(), describe(r.ready(o)), armfakeDeletes(r, o))
				}
				out = append(out, sampleName(o)+": "+why)
			}
			return out
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// armfakeDeletes says what armfake answered to the DELETEs of an object's resource.
func armfakeDeletes(r *run, o genruntime.ARMMetaObject) string {
	id := o.GetAnnotations()[genruntime.ResourceIDAnnotation]
	if id == "" {
		return "it has no resource ID"
	}
	return armfakeAnswers(r, "DELETE", id)
}

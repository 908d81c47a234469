package operator_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	resources "github.com/armgen/armgen/generated/resources/v1api20200601"
	resources20210401 "github.com/armgen/armgen/generated/resources/v1api20210401"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

func group(name string, annotations map[string]string) *resources.ResourceGroup {
	location := "westus2"
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: annotations}}
	rg.Spec.Location = &location
	rg.SetGroupVersionKind(resources.GroupVersion.WithKind("ResourceGroup"))
	return rg
}

func groupID(name string) string { return "/subscriptions/" + subscription + "/resourceGroups/" + name }

// TestSkipReportsNotFoundThenReady: skip sends no PUT or DELETE, reports AzureResourceNotFound
// while the resource is not in Azure, and is Ready once it appears (the bring-your-own flow:
// create with skip, read the status, switch to manage to adopt).
func TestSkipReportsNotFoundThenReady(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("byo", map[string]string{genruntime.ReconcilePolicyAnnotation: "skip"})
	r.create(rg)
	r.waitFor("AzureResourceNotFound", time.Minute, func(c conditions.Condition) bool {
		return c.Reason == "AzureResourceNotFound" && c.Severity == conditions.ConditionSeverityWarning
	}, rg)
	createInAzure(t, r, groupID("byo"), "2021-04-01", `{"location":"westus2"}`)
	r.waitReady(time.Minute, rg)
	if err := shared.Client.Delete(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitGone(t, r, rg)
	if n := len(r.requests("PUT", "/resourceGroups/byo")); n != 1 {
		t.Errorf("%d PUTs: skip sent some (only the test's own is expected)", n)
	}
	if n := len(r.requests("DELETE", "/resourceGroups/byo")); n != 0 {
		t.Errorf("skip sent %d DELETEs", n)
	}
}

// TestDetachOnDeleteSendsNoDelete: the Azure resource stays when the object goes.
func TestDetachOnDeleteSendsNoDelete(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("detached", map[string]string{genruntime.ReconcilePolicyAnnotation: "detach-on-delete"})
	r.create(rg)
	r.waitReady(time.Minute, rg)
	if err := shared.Client.Delete(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	waitGone(t, r, rg)
	if n := len(r.requests("DELETE", "")); n != 0 {
		t.Errorf("%d DELETEs", n)
	}
	if ids := r.srv.ResourceIDs(); len(ids) != 1 {
		t.Errorf("armfake holds %v, want the detached group", ids)
	}
}

// TestRestartDuringLongRunningPUT: an operator stopped after sending a long-running PUT, and
// started again, follows the operation from the annotation and sends no second PUT.
func TestRestartDuringLongRunningPUT(t *testing.T) {
	r := start(t, armfake.Options{ForceLRO: true, LROPolls: 40, RetryAfter: 50 * time.Millisecond}, time.Hour)
	rg := group("restarted", nil)
	r.create(rg)
	deadline := time.Now().Add(time.Minute)
	for rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] == "" {
		if time.Now().After(deadline) {
			t.Fatal("no resume token recorded")
		}
		time.Sleep(50 * time.Millisecond)
		_ = r.get(rg)
	}
	r.stop()
	r.startManager()
	r.waitReady(2*time.Minute, rg)
	if n := len(r.requests("PUT", "/resourceGroups/restarted")); n != 1 {
		t.Errorf("%d PUTs across the restart, want 1", n)
	}
}

// TestFaultsAreSurvived: with 30% of requests throttled or failing, every resource becomes
// Ready at each of two generations, and Azure accepts exactly one PUT per resource and
// generation: a PUT the fault refused may be sent again, but a PUT Azure accepted never is (a
// throttled or failed read, or a failed poll, is no reason to write again).
func TestFaultsAreSurvived(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: 2, ForceLRO: true, Seed: 7, Faults: []armfake.Fault{
		{Kind: armfake.FaultThrottle, Path: "/subscriptions/**", Probability: 0.15, RetryAfter: armfake.Duration(20 * time.Millisecond)},
		{Kind: armfake.FaultError, Path: "/subscriptions/**", Probability: 0.15},
	}}, time.Hour)
	var groups []genruntime.ARMMetaObject
	for _, n := range []string{"f1", "f2", "f3", "f4", "f5", "f6"} {
		rg := group(n, nil)
		rg.Spec.Tags = map[string]string{generationTag: "1"}
		r.create(rg)
		groups = append(groups, rg)
	}
	r.waitReady(3*time.Minute, groups...)
	for _, g := range groups {
		rg := g.(*resources.ResourceGroup)
		if err := r.get(rg); err != nil {
			t.Fatal(err)
		}
		rg.Spec.Tags = map[string]string{generationTag: "2"}
		if err := shared.Client.Update(context.Background(), rg); err != nil {
			t.Fatal(err)
		}
	}
	r.waitFor("Ready at generation 2", 3*time.Minute, func(c conditions.Condition) bool {
		return c.Status == metav1.ConditionTrue && c.ObservedGeneration == 2
	}, groups...)
	faulted, all := 0, r.srv.Requests()
	for _, q := range all {
		if q.Fault != "" {
			faulted++
		}
	}
	if faulted == 0 {
		t.Error("no request was faulted: the test shows nothing")
	}
	for _, g := range groups {
		for _, gen := range []string{"1", "2"} {
			accepted, refused := acceptedPUTs(t, all, groupID(g.GetName()), gen)
			if accepted != 1 {
				t.Errorf("%s generation %s: Azure accepted %d PUTs (and refused %d by a fault), want exactly 1; its requests:\n%s",
					g.GetName(), gen, accepted, refused, trail(all, groupID(g.GetName())))
			}
		}
	}
	t.Logf("%d of %d requests faulted", faulted, len(all))
}

// trail lists the requests to id, in order, for a failure message.
func trail(reqs []armfake.Request, id string) string {
	var b strings.Builder
	for _, q := range reqs {
		if strings.EqualFold(q.Path, id) {
			fmt.Fprintf(&b, "  %s %s %d %s\n", q.Time.Format("15:04:05.000"), q.Method, q.Status, q.Fault)
		}
	}
	return b.String()
}

// generationTag carries the generation a test wrote into the body of each PUT, so that PUTs can
// be counted per generation from armfake's recording.
const generationTag = "armgen-test-generation"

// acceptedPUTs counts the PUTs to id whose body carries generation gen: those Azure accepted
// (2xx) and those a fault refused (which justify sending the same PUT again).
func acceptedPUTs(t *testing.T, reqs []armfake.Request, id, gen string) (accepted, refused int) {
	t.Helper()
	for _, q := range reqs {
		if q.Method != "PUT" || !strings.EqualFold(q.Path, id) {
			continue
		}
		var body struct {
			Tags map[string]string `json:"tags"`
		}
		if err := json.Unmarshal([]byte(q.Body), &body); err != nil {
			t.Fatalf("PUT %s: body %q: %v", q.Path, q.Body, err)
		}
		if body.Tags[generationTag] != gen {
			continue
		}
		switch {
		case q.Status >= 200 && q.Status < 300:
			accepted++
		case q.Fault != "" || q.Status == 0:
			refused++
		default:
			t.Errorf("PUT %s (generation %s) answered %d without a fault", q.Path, gen, q.Status)
		}
	}
	return accepted, refused
}

// TestInvalidSpecIsAnError: an ARM 400 is reported with ARM's code and severity Error, and not
// retried at the pace of a throttled request. armfake refuses what its schema refuses, which the
// CRD refuses first; so the 400 is injected, as ARM sends it for rules no schema states.
func TestInvalidSpecIsAnError(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	rg := group("invalid", nil)
	if err := r.srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Method: "PUT", Path: "**/resourceGroups/invalid", Status: 400,
		Code: "LocationNotAvailableForResourceGroup", Message: "The provided location 'westus2' is not available for resource group."}); err != nil {
		t.Fatal(err)
	}
	r.create(rg)
	r.waitFor("an Error", time.Minute, func(c conditions.Condition) bool {
		return c.Severity == conditions.ConditionSeverityError && c.Reason == "LocationNotAvailableForResourceGroup" &&
			strings.Contains(c.Message, "not available")
	}, rg)
	time.Sleep(time.Second)
	if n := len(r.requests("PUT", "/resourceGroups/invalid")); n > 2 {
		t.Errorf("%d PUTs in a second for a spec that must change", n)
	}
}

// TestDriftIsCorrectedAtSync: at each resync an unchanged resource gets a GET and no PUT; one
// changed out of band is PUT back.
func TestDriftIsCorrectedAtSync(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, 500*time.Millisecond)
	rg := group("drifting", nil)
	r.create(rg)
	r.waitReady(time.Minute, rg)
	time.Sleep(2 * time.Second) // several resyncs
	if n := len(r.requests("PUT", "/resourceGroups/drifting")); n != 1 {
		t.Fatalf("unchanged resyncs sent PUTs: %d in all", n)
	}
	if _, avoided := r.metrics.Counts(); avoided == 0 {
		t.Error("no resync counted as avoided")
	}
	if err := r.srv.AddFault(armfake.Fault{Kind: armfake.FaultDrift, Method: "GET", Path: "**/resourceGroups/drifting", Property: "location", Value: "eastus", Times: 1}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for len(r.requests("PUT", "/resourceGroups/drifting")) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the drift was not corrected")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestScopedCredentialIsRefused: a resource whose credential-from names a principal armfake
// allows elsewhere only gets ARM's 403 as its condition.
func TestScopedCredentialIsRefused(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1, Clients: map[string]armfake.Client{
		"narrow": {Secret: "narrow-secret", Scopes: []string{groupID("elsewhere")}},
	}}, time.Hour)
	r.create(r.credential("narrow-credential", "narrow", "narrow-secret"))
	rg := group("scoped", map[string]string{genruntime.CredentialFromAnnotation: "narrow-credential"})
	r.create(rg)
	r.waitFor("refused", time.Minute, func(c conditions.Condition) bool {
		return c.Reason == "AuthorizationFailed" && c.Severity == conditions.ConditionSeverityError
	}, rg)
}

// TestUserVersionTalksWithItsAPIVersion: a v1api20200601 object is PUT with 2020-06-01 and a
// v1api20210401 one with 2021-04-01, though both are stored as the 2021-04-01 hub.
func TestUserVersionTalksWithItsAPIVersion(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	old := group("old", nil)
	location := "westus2"
	current := &resources20210401.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "current"}}
	current.Spec.Location = &location
	current.SetGroupVersionKind(resources20210401.GroupVersion.WithKind("ResourceGroup"))
	r.create(old, current)
	r.waitReady(time.Minute, old, current)
	for name, want := range map[string]string{"old": "2020-06-01", "current": "2021-04-01"} {
		if q := r.requests("PUT", "/resourceGroups/"+name); len(q) != 1 || q[0].APIVersion != want {
			t.Errorf("%s: PUTs %+v, want one with api-version %s", name, q, want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

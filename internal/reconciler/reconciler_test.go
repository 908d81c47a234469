package reconciler_test

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// TestCreateWaitsForOwnerAndTalksWithTheOriginalVersion: a vnet reconciled before its resource
// group waits for it; once the group is Ready the vnet is claimed, PUT with the api-version of
// the version the user wrote, and Ready with status from Azure.
func TestCreateWaitsForOwnerAndTalksWithTheOriginalVersion(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 2, ForceLRO: true}, group("rg", "v1api20200601", nil), vnet("vn", "rg"))
	e.step(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Reason != "WaitingForOwner" || c.Severity != conditions.ConditionSeverityWarning {
		t.Fatalf("vnet before its group: %+v", c)
	}
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	rg := e.get(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 1 {
		t.Fatalf("group not Ready: %+v", c)
	}
	wantID := "/subscriptions/" + subscription + "/resourceGroups/rg"
	if id := rg.GetAnnotations()[genruntime.ResourceIDAnnotation]; id != wantID {
		t.Errorf("resource-id %q, want %q", id, wantID)
	}
	if n, versions := e.requests("PUT", "/resourceGroups/rg"); n != 1 || versions[0] != "2020-06-01" {
		t.Errorf("group PUTs %d with api-versions %v, want one with 2020-06-01 (the user's version)", n, versions)
	}
	v := e.get(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Status != metav1.ConditionTrue {
		t.Fatalf("vnet not Ready: %+v", c)
	}
	if refs := v.GetOwnerReferences(); len(refs) != 1 || refs[0].Name != "rg" {
		t.Errorf("vnet owner references %+v", refs)
	}
	if n, versions := e.requests("PUT", "/virtualNetworks/vn"); n != 1 || versions[0] != "2020-11-01" {
		t.Errorf("vnet PUTs %d %v", n, versions)
	}
	if id := fieldString(v, "Status", "Id"); !strings.HasSuffix(id, "/virtualNetworks/vn") {
		t.Errorf("status.id %q: status was not filled from Azure", id)
	}
	if !strings.Contains(drain(e), "BeginCreateOrUpdate") {
		t.Error("no BeginCreateOrUpdate event")
	}
}

// TestRestartDuringOperationSendsNoSecondPUT: the resume token on the object is enough for a new
// reconciler to finish a long-running PUT.
func TestRestartDuringOperationSendsNoSecondPUT(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, group("rg", "", nil))
	e.step(rgKind, "rg")
	rg := e.get(rgKind, "rg")
	if rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] == "" {
		t.Fatalf("no resume token after the PUT: %v", rg.GetAnnotations())
	}
	e.restart()
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
	if tok := e.get(rgKind, "rg").GetAnnotations()[genruntime.PollerResumeTokenAnnotation]; tok != "" {
		t.Errorf("resume token left behind")
	}
}

// TestResyncPutsOnlyOnDrift: an unchanged resource gets a GET and no PUT; one changed out of
// band gets a PUT; a new generation gets a PUT.
func TestResyncPutsOnlyOnDrift(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	e.settle(rgKind, "rg")
	e.srv.ResetRequests()
	e.settle(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 0 {
		t.Fatalf("an unchanged resync sent %d PUTs", n)
	}
	if _, avoided := e.m.Counts(); avoided != 1 {
		t.Errorf("avoided PUTs %d, want 1", avoided)
	}
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultDrift, Method: "GET", Path: "**/resourceGroups/rg", Property: "location", Value: "eastus", Times: 1}); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Errorf("drift: %d PUTs, want 1", n)
	}
	e.newGeneration(rgKind, "rg", func(genruntime.ARMMetaObject) {})
	e.settle(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 2 {
		t.Errorf("new generation: %d PUTs in all, want 2", n)
	}
}

// TestDeletePolicies: manage deletes in Azure then releases the object; detach-on-delete and
// skip release it without a DELETE.
func TestDeletePolicies(t *testing.T) {
	for _, policy := range []string{"manage", "detach-on-delete"} {
		t.Run(policy, func(t *testing.T) {
			e := newEnv(t, armfake.Options{LROPolls: 2, ForceLRO: true}, group("rg", "", map[string]string{genruntime.ReconcilePolicyAnnotation: policy}))
			e.settle(rgKind, "rg")
			if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
				t.Fatal(err)
			}
			e.settle(rgKind, "rg")
			o, _ := e.scheme.New(rgKind)
			if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "rg"}, o.(client.Object)); err == nil {
				t.Fatalf("the object is still there: %+v", o)
			}
			n, _ := e.requests("DELETE", "/resourceGroups/rg")
			if want := map[string]int{"manage": 1, "detach-on-delete": 0}[policy]; n != want {
				t.Errorf("%d DELETEs, want %d", n, want)
			}
		})
	}
}

// TestSkipObserves: skip never sends PUT or DELETE; it reports AzureResourceNotFound until the
// resource exists, then Ready with its status.
func TestSkipObserves(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", map[string]string{genruntime.ReconcilePolicyAnnotation: "skip"}))
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Reason != "AzureResourceNotFound" || c.Severity != conditions.ConditionSeverityWarning {
		t.Fatalf("%+v", c)
	}
	e.createInAzure("/subscriptions/"+subscription+"/resourceGroups/rg", "2021-04-01", `{"location":"westus"}`)
	e.srv.ResetRequests()
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("%+v", c)
	}
	if n, _ := e.requests("PUT", ""); n != 0 {
		t.Errorf("skip sent %d PUTs", n)
	}
}

// TestBadPolicyAndARMErrors: an unknown policy is an Error condition, never a guess; an ARM 400
// is an Error with ARM's code; a 429 is a Warning.
func TestBadPolicyAndARMErrors(t *testing.T) {
	bad := group("bad", "", map[string]string{genruntime.ReconcilePolicyAnnotation: "sometimes"})
	invalid := group("invalid", "", nil)
	invalid.Spec.Location = nil
	throttled := group("throttled", "", nil)
	e := newEnv(t, armfake.Options{LROPolls: -1}, bad, invalid, throttled)
	e.step(rgKind, "bad")
	if c := e.ready(rgKind, "bad"); c.Reason != "InvalidReconcilePolicy" || c.Severity != conditions.ConditionSeverityError || !strings.Contains(c.Message, "sometimes") {
		t.Errorf("bad policy: %+v", c)
	}
	e.step(rgKind, "invalid")
	e.step(rgKind, "invalid")
	if c := e.ready(rgKind, "invalid"); c.Severity != conditions.ConditionSeverityError || c.Reason == "" || c.Status == metav1.ConditionTrue {
		t.Errorf("ARM 400: %+v", c)
	}
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultThrottle, Method: "PUT", Path: "**/resourceGroups/throttled"}); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "throttled")
	e.step(rgKind, "throttled")
	if c := e.ready(rgKind, "throttled"); c.Severity != conditions.ConditionSeverityWarning {
		t.Errorf("429: %+v", c)
	}
}

// TestNamespacePolicy: a namespace's reconcile-policy applies to resources without their own.
func TestNamespacePolicy(t *testing.T) {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "ns", Annotations: map[string]string{genruntime.ReconcilePolicyAnnotation: "skip"}}}
	own := group("own", "", map[string]string{genruntime.ReconcilePolicyAnnotation: "manage"})
	e := newEnv(t, armfake.Options{LROPolls: -1}, ns, group("inherits", "", nil), own)
	e.step(rgKind, "inherits")
	e.step(rgKind, "inherits")
	if c := e.ready(rgKind, "inherits"); c.Reason != "AzureResourceNotFound" {
		t.Errorf("a resource in a skip namespace: %+v", c)
	}
	e.settle(rgKind, "own")
	if n, _ := e.requests("PUT", ""); n != 1 {
		t.Errorf("%d PUTs, want the one of the resource that says manage", n)
	}
}

// TestReconcilingOnlyWhenItSaysSomething: a PUT creating a resource that Azure expects to end
// soon (it asks to poll again within milliseconds) goes from no condition straight to Ready,
// without a Reconciling written in between; a PUT updating
// a Ready resource turns it Reconciling at once; a restarted reconciler, not knowing when the
// operation it finds began, says Reconciling at its first poll.
func TestReconcilingOnlyWhenItSaysSomething(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, group("rg", "", nil), group("rg2", "", nil))
	e.step(rgKind, "rg")
	if e.get(rgKind, "rg").GetAnnotations()[genruntime.PollerResumeTokenAnnotation] == "" {
		t.Fatal("no resume token after the PUT")
	}
	for range 50 {
		res := e.step(rgKind, "rg")
		c := e.ready(rgKind, "rg")
		if c.Reason == "Reconciling" {
			t.Fatalf("a creation that ended within seconds wrote Reconciling: %+v", c)
		}
		if c.Status == metav1.ConditionTrue {
			break
		}
		time.Sleep(res.RequeueAfter)
	}
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}

	e.newGeneration(rgKind, "rg", func(o genruntime.ARMMetaObject) {
		o.(*resources.ResourceGroup).Spec.Tags = map[string]string{"team": "b"}
	})
	e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Reason != "Reconciling" || c.Status != metav1.ConditionFalse || c.ObservedGeneration != 2 {
		t.Errorf("an update in flight: %+v, want Reconciling for generation 2", c)
	}
	e.settle(rgKind, "rg")

	e.step(rgKind, "rg2")
	if c := e.ready(rgKind, "rg2"); c.Reason == "Reconciling" {
		t.Fatalf("Reconciling right after the PUT: %+v", c)
	}
	e.restart()
	e.step(rgKind, "rg2")
	if c := e.ready(rgKind, "rg2"); c.Reason != "Reconciling" {
		t.Errorf("after a restart, the first poll of an operation in flight: %+v, want Reconciling", c)
	}
	e.settle(rgKind, "rg2")
	if c := e.ready(rgKind, "rg2"); c.Status != metav1.ConditionTrue {
		t.Fatalf("rg2 not Ready: %+v", c)
	}
}

// TestCredentialFromOnceAPut: the CredentialFrom event comes with the first PUT, not with each
// later one that uses the same credential; BeginCreateOrUpdate comes with each.
func TestCredentialFromOnceAPut(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	e.settle(rgKind, "rg")
	e.newGeneration(rgKind, "rg", func(genruntime.ARMMetaObject) {})
	e.settle(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 2 {
		t.Fatalf("%d PUTs, want 2", n)
	}
	events := drain(e)
	if n := strings.Count(events, "CredentialFrom"); n != 1 {
		t.Errorf("%d CredentialFrom events for two PUTs with one credential, want 1:\n%s", n, events)
	}
	if n := strings.Count(events, "BeginCreateOrUpdate"); n != 2 {
		t.Errorf("%d BeginCreateOrUpdate events for two PUTs, want 2:\n%s", n, events)
	}
}

// TestReconcilingWhenAzureAsksToWait: a PUT creating a resource that Azure asks to poll again
// only after seconds says Reconciling at once.
func TestReconcilingWhenAzureAsksToWait(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true, RetryAfter: 10 * time.Second}, group("rg", "", nil))
	if res := e.step(rgKind, "rg"); res.RequeueAfter != 10*time.Second {
		t.Errorf("polls again after %s, want Azure's 10s", res.RequeueAfter)
	}
	if c := e.ready(rgKind, "rg"); c.Reason != "Reconciling" {
		t.Errorf("after a PUT Azure expects to take 10 s: %+v, want Reconciling", c)
	}
}

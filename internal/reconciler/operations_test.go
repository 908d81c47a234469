package reconciler_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-logr/logr/funcr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// puts are the PUTs armfake accepted (2xx) of paths ending in suffix, in order.
func (e *env) puts(suffix string) []armfake.Request {
	var out []armfake.Request
	for _, q := range e.srv.Requests() {
		if q.Method == "PUT" && q.Status < 300 && strings.HasSuffix(strings.ToLower(q.Path), strings.ToLower(suffix)) {
			out = append(out, q)
		}
	}
	return out
}

// stepLogged runs one reconcile with a logger writing into log.
func (e *env) stepLogged(gvk schema.GroupVersionKind, name string, logged *strings.Builder) reconcile.Result {
	e.t.Helper()
	logger := funcr.New(func(prefix, args string) { logged.WriteString(prefix + " " + args + "\n") }, funcr.Options{Verbosity: 10})
	ctx := log.IntoContext(context.Background(), logger)
	res, err := e.r.Reconcile(ctx, gvk, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "ns", Name: name}})
	if err != nil {
		e.t.Fatalf("reconciling %s %s: %v", gvk.Kind, name, err)
	}
	return res
}

// inFlight says the object records a PUT in flight.
func (e *env) inFlight(gvk schema.GroupVersionKind, name string) bool {
	return e.get(gvk, name).GetAnnotations()[genruntime.PollerResumeTokenAnnotation] != ""
}

// TestSpecEditedDuringOperationIsSent: a spec edited while the previous generation's PUT runs
// is sent once that PUT ends; Ready for the new generation comes only after a PUT carrying it.
func TestSpecEditedDuringOperationIsSent(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true}, group("rg", "", nil))
	e.step(rgKind, "rg")
	if !e.inFlight(rgKind, "rg") {
		t.Fatal("no PUT in flight after the first step")
	}
	e.newGeneration(rgKind, "rg", func(o genruntime.ARMMetaObject) {
		o.(*resources.ResourceGroup).Spec.Tags = map[string]string{"team": "b"}
	})
	// What the PUT in flight carries is on the object: a restarted operator knows it too.
	e.restart()
	e.settle(rgKind, "rg")
	c := e.ready(rgKind, "rg")
	if c.Status != metav1.ConditionTrue || c.ObservedGeneration != 2 {
		t.Fatalf("not Ready for generation 2: %+v", c)
	}
	p := e.puts("/resourceGroups/rg")
	if len(p) != 2 || !strings.Contains(p[len(p)-1].Body, `"team":"b"`) {
		t.Fatalf("Ready for generation 2 after %d PUTs, the last %q: the edit made during the operation was never sent", len(p), p[len(p)-1].Body)
	}
}

// TestSecretRotatedDuringOperationIsSent: a Secret rotated while the PUT that read it runs is
// sent once that PUT ends, before the resource is Ready.
func TestSecretRotatedDuringOperationIsSent(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3, ForceLRO: true, Groups: []string{"dbforpostgresql"}})
	e.client = fake.NewClientBuilder().WithScheme(e.scheme).
		WithObjects(group("rg", "", nil), server("pg", "pg-admin"), password("pg-admin", "first-Passw0rd")).
		WithStatusSubresource(&resources.ResourceGroup{}, &postgres.FlexibleServer{}).Build()
	e.restart()
	e.settle(rgKind, "rg")
	e.step(serverKind, "pg")
	if !e.inFlight(serverKind, "pg") {
		t.Fatal("no PUT in flight after the first step")
	}
	var sec corev1.Secret
	if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "pg-admin"}, &sec); err != nil {
		t.Fatal(err)
	}
	sec.Data["password"] = []byte("second-Passw0rd")
	if err := e.client.Update(context.Background(), &sec); err != nil {
		t.Fatal(err)
	}
	e.settle(serverKind, "pg")
	if c := e.ready(serverKind, "pg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	p := e.puts("/flexibleServers/pg")
	if len(p) != 2 || !strings.Contains(p[len(p)-1].Body, "second-Passw0rd") {
		t.Fatalf("Ready after %d PUTs: the password rotated during the operation was never sent", len(p))
	}
}

// TestLostOperationIsGivenUp: an operation whose status URL answers 404 is given up with an
// OperationLost Warning, the resource is read and, Azure holding the spec, Ready without a
// second PUT; when the spec changed meanwhile, the new one is sent.
func TestLostOperationIsGivenUp(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1, ForceLRO: true}, group("rg", "", nil), group("rg2", "", nil))
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Status: 404, Code: "OperationNotFound", Method: "GET", Path: "**/operationStatuses/*"}); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Status: 404, Code: "OperationNotFound", Method: "GET", Path: "**/operationResults/*"}); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Reason != "OperationLost" || c.Severity != conditions.ConditionSeverityWarning || !strings.Contains(c.Message, "404") {
		t.Errorf("after a poll answered 404: %+v, want a Warning OperationLost naming the 404", c)
	}
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready once Azure was read: %+v", c)
	}
	if n := len(e.puts("/resourceGroups/rg")); n != 1 {
		t.Errorf("%d PUTs, want 1: Azure held the spec", n)
	}
	if ev := drain(e); !strings.Contains(ev, "Warning OperationLost") {
		t.Errorf("no OperationLost Warning event:\n%s", ev)
	}

	e.step(rgKind, "rg2")
	e.newGeneration(rgKind, "rg2", func(o genruntime.ARMMetaObject) {
		o.(*resources.ResourceGroup).Spec.Tags = map[string]string{"team": "b"}
	})
	e.settle(rgKind, "rg2")
	p := e.puts("/resourceGroups/rg2")
	if c := e.ready(rgKind, "rg2"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 2 || len(p) != 2 || !strings.Contains(p[1].Body, `"team":"b"`) {
		t.Errorf("a new generation behind a lost operation: %+v after %d PUTs", c, len(p))
	}
}

// TestOldOperationIsGivenUp: an operation sent longer ago than the bound is given up, whatever
// its status URL says, so that a new generation is not held behind it.
func TestOldOperationIsGivenUp(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 1000, ForceLRO: true}, group("rg", "", nil))
	e.step(rgKind, "rg")
	rg := e.get(rgKind, "rg")
	sent := rg.GetAnnotations()[genruntime.PollerSentAnnotation]
	if sent == "" {
		t.Fatalf("the PUT in flight records nothing of what it carries: %v", rg.GetAnnotations())
	}
	// As if sent two days ago: a resume token restored from a backup.
	old := genruntime.OperationRecord{Generation: 1, Sent: time.Now().Add(-48 * time.Hour)}
	r, err := genruntime.ParseOperationRecord(sent)
	if err != nil {
		t.Fatal(err)
	}
	old.Digest = r.Digest
	rg.GetAnnotations()[genruntime.PollerSentAnnotation] = old.String()
	if err := e.client.Update(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "rg")
	if e.inFlight(rgKind, "rg") {
		t.Fatal("an operation sent two days ago is still followed")
	}
	if c := e.ready(rgKind, "rg"); c.Reason != "OperationLost" || !strings.Contains(c.Message, "more than the 24h0m0s") {
		t.Errorf("%+v, want OperationLost naming the bound", c)
	}
}

// TestDeleteEndsOnlyWhenTheResourceIsGone: a DELETE whose status URL answers 404 is not taken
// for gone: the finalizer stays while the resource is in Azure, and goes once a GET says 404.
func TestDeleteEndsOnlyWhenTheResourceIsGone(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 4, ForceLRO: true}, group("rg", "", nil))
	e.settle(rgKind, "rg")
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Status: 404, Code: "OperationNotFound", Method: "GET", Path: "**/operation*/*"}); err != nil {
		t.Fatal(err)
	}
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	id := "/subscriptions/" + subscription + "/resourceGroups/rg"
	for range 5 {
		e.step(rgKind, "rg")
		o, _ := e.scheme.New(rgKind)
		if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "rg"}, o.(client.Object)); err != nil {
			t.Fatalf("the object was released while %s is still in Azure (%v): a 404 on the operation URL was taken for gone", id, e.srv.ResourceIDs())
		}
	}
	if !slices.ContainsFunc(e.srv.ResourceIDs(), func(s string) bool { return strings.EqualFold(s, id) }) {
		t.Fatalf("the resource group went from armfake: %v", e.srv.ResourceIDs())
	}
	e.srv.ClearFaults()
	e.settle(rgKind, "rg")
	o, _ := e.scheme.New(rgKind)
	if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "rg"}, o.(client.Object)); err == nil {
		t.Fatalf("not released once the resource is gone: %v", e.srv.ResourceIDs())
	}
	if ids := e.srv.ResourceIDs(); len(ids) != 0 {
		t.Errorf("left in Azure: %v", ids)
	}
}

// TestLongRunningFailureIsRedacted: a password quoted in the message of a long-running PUT that
// failed reaches neither the Ready condition, nor an Event, nor the log.
func TestLongRunningFailureIsRedacted(t *testing.T) {
	const secret = "first-Passw0rd"
	e := newEnv(t, armfake.Options{LROPolls: 1, ForceLRO: true, Groups: []string{"dbforpostgresql"}})
	e.client = fake.NewClientBuilder().WithScheme(e.scheme).
		WithObjects(group("rg", "", nil), server("pg", "pg-admin"), password("pg-admin", secret)).
		WithStatusSubresource(&resources.ResourceGroup{}, &postgres.FlexibleServer{}).Build()
	e.restart()
	e.settle(rgKind, "rg")
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultLROFailed, Method: "PUT", Path: "**/flexibleServers/pg",
		Code: "PasswordTooWeak", Message: fmt.Sprintf("The password '%s' does not meet the policy.", secret)}); err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	for range 6 {
		e.stepLogged(serverKind, "pg", &logged)
		if c := e.ready(serverKind, "pg"); c.Reason == "PasswordTooWeak" {
			break
		}
	}
	c := e.ready(serverKind, "pg")
	if c.Reason != "PasswordTooWeak" {
		t.Fatalf("the failure was not reported: %+v", c)
	}
	events := drain(e)
	if strings.Contains(c.Message, secret) || strings.Contains(events, secret) || strings.Contains(logged.String(), secret) {
		t.Errorf("the password leaked:\ncondition: %s\nevents:\n%s\nlog:\n%s", c.Message, events, logged.String())
	}
	if !strings.Contains(c.Message, "[redacted]") {
		t.Errorf("condition %q: want the message with the password masked", c.Message)
	}
}

// TestThrottledReadSendsNoPUT: a resync GET throttled turns the owner not Ready (a Warning)
// without making its generation unapplied: neither it nor its child PUTs afterwards, and the
// child does not start waiting for its owner.
func TestThrottledReadSendsNoPUT(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Status != metav1.ConditionTrue {
		t.Fatalf("vnet not Ready: %+v", c)
	}
	e.srv.ResetRequests()
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultThrottle, Method: "GET", Path: "**/resourceGroups/rg", Times: 20, RetryAfter: armfake.Duration(time.Millisecond)}); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status == metav1.ConditionTrue || c.Severity != conditions.ConditionSeverityWarning {
		t.Fatalf("a throttled read: %+v, want a Warning", c)
	}
	e.step(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Reason == "WaitingForOwner" {
		t.Errorf("the child turned WaitingForOwner because its owner's read was throttled: %+v", c)
	}
	e.srv.ClearFaults()
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	if n := len(e.puts("")); n != 0 {
		t.Errorf("%d PUTs after a throttled read (%v): reads became writes", n, e.puts(""))
	}
	for _, k := range []struct {
		gvk  schema.GroupVersionKind
		name string
	}{{rgKind, "rg"}, {vnetKind, "vn"}} {
		if c := e.ready(k.gvk, k.name); c.Status != metav1.ConditionTrue {
			t.Errorf("%s not Ready again: %+v", k.name, c)
		}
	}
}

// TestExpiredOperationIsGivenUp: an operation ARM has forgotten (armfake's ExpireOperations, as
// after an outage or a restore from a backup) is given up, and the resource read: Ready without
// a second PUT.
func TestExpiredOperationIsGivenUp(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 1000, ForceLRO: true}, group("rg", "", nil))
	e.step(rgKind, "rg")
	if !e.inFlight(rgKind, "rg") {
		t.Fatal("no PUT in flight after the first step")
	}
	e.srv.ExpireOperations()
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	if n := len(e.puts("/resourceGroups/rg")); n != 1 {
		t.Errorf("%d PUTs, want 1", n)
	}
	if ev := drain(e); !strings.Contains(ev, "Warning OperationLost") || !strings.Contains(ev, "OperationNotFound") {
		t.Errorf("no OperationLost Warning naming the 404:\n%s", ev)
	}
}

// TestForbiddenStatusURLIsLost: a status URL answering 403 will not pass by polling again: the
// operation is given up like a 404, where a throttled poll (429) is only tried again.
func TestForbiddenStatusURLIsLost(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1, ForceLRO: true}, group("rg", "", nil), group("slow", "", nil))
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Status: 403, Code: "AuthorizationFailed", Method: "GET", Path: "**/operationStatuses/*", Times: 4}); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Reason != "OperationLost" || !strings.Contains(c.Message, "403") {
		t.Errorf("after a poll answered 403: %+v, want OperationLost naming the 403", c)
	}
	e.srv.ClearFaults()
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultThrottle, Method: "GET", Path: "**/operationStatuses/*", Times: 4, RetryAfter: armfake.Duration(time.Millisecond)}); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "slow")
	e.step(rgKind, "slow")
	if !e.inFlight(rgKind, "slow") {
		t.Errorf("a throttled poll gave the operation up: %+v", e.ready(rgKind, "slow"))
	}
	e.srv.ClearFaults()
	e.settle(rgKind, "slow")
	if c := e.ready(rgKind, "slow"); c.Status != metav1.ConditionTrue || len(e.puts("/resourceGroups/slow")) != 1 {
		t.Errorf("after the throttling: %+v, %d PUTs", c, len(e.puts("/resourceGroups/slow")))
	}
}

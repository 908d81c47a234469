package operator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestAzureOverrideIsNoDriftAtSync: Azure holding its own value in place of the one sent (as
// real Azure does with service defaults: Azure Service Operator's recordings show a Redis
// maxmemory-delta sent as "10" held as "642") is no drift at any resync, nor after a restart of
// the operator; a change of that value outside the operator is PUT back once, with an
// AzureDrift Event naming the path, and then left alone.
func TestAzureOverrideIsNoDriftAtSync(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, 300*time.Millisecond)
	path := "**/resourceGroups/overridden"
	override := armfake.Fault{Kind: armfake.FaultDrift, Method: "GET", Path: path, Property: "tags.maxmemory-delta", Value: "642"}
	if err := r.srv.AddFault(override); err != nil {
		t.Fatal(err)
	}
	rg := group("overridden", nil)
	rg.Spec.Tags = map[string]string{"maxmemory-delta": "10"}
	r.create(rg)
	r.waitReady(time.Minute, rg)
	time.Sleep(2 * time.Second) // several resyncs
	if n := len(r.requests("PUT", "/resourceGroups/overridden")); n != 1 {
		t.Fatalf("resyncs of a value Azure overrode sent PUTs: %d in all, want 1", n)
	}
	if err := r.get(rg); err != nil {
		t.Fatal(err)
	}
	if rg.GetAnnotations()[genruntime.DriftBaselineAnnotation] == "" {
		t.Fatalf("no %s annotation after the PUT", genruntime.DriftBaselineAnnotation)
	}

	r.stop()
	r.startManager()
	time.Sleep(2 * time.Second)
	if n := len(r.requests("PUT", "/resourceGroups/overridden")); n != 1 {
		t.Fatalf("after a restart, resyncs sent PUTs: %d in all, want 1", n)
	}

	// Someone changes it in the portal: the next GET sees 700, and after the PUT Azure holds
	// its own 642 again.
	r.srv.ClearFaults()
	portal := override
	portal.Value, portal.Times = "700", 1
	for _, f := range []armfake.Fault{portal, override} {
		if err := r.srv.AddFault(f); err != nil {
			t.Fatal(err)
		}
	}
	r.waitRequests("PUT", "/resourceGroups/overridden", 2, time.Minute)
	time.Sleep(2 * time.Second)
	if n := len(r.requests("PUT", "/resourceGroups/overridden")); n != 2 {
		t.Errorf("after the change was put back, %d PUTs in all, want 2", n)
	}
	var events corev1.EventList
	if err := shared.Client.List(context.Background(), &events, client.InNamespace(r.ns)); err != nil {
		t.Fatal(err)
	}
	drifts := 0
	for _, e := range events.Items {
		if e.Reason == "AzureDrift" && e.InvolvedObject.Name == "overridden" {
			drifts += int(max(e.Count, 1))
			if !strings.Contains(e.Message, "tags.maxmemory-delta") {
				t.Errorf("AzureDrift Event does not name the path: %s", e.Message)
			}
		}
	}
	if drifts != 1 {
		t.Errorf("%d AzureDrift Events, want 1", drifts)
	}
}

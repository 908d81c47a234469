package reconciler_test

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/internal/drift"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Real Azure answers a PUT with values of its own (Azure Service Operator's recordings of real
// traffic, v2/internal/controllers/recordings/: a Redis maxmemory-delta sent as "10" is held as
// "642", a child's name as parent/child, IDs in another casing). armfake's drift fault without
// a count plays that: every GET of the resource answers the value Azure put in place of ours.

// overridden makes Azure hold value at property (a dotted path) of the group rg from now on,
// whatever is PUT; times > 0 makes it a change outside the operator, seen by the next GETs only.
// armfake applies the first fault that matches a request, so a later one acts only once the
// earlier ones are spent.
func overridden(t *testing.T, e *env, property string, value any, times int) {
	t.Helper()
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultDrift, Method: "GET", Path: "**/resourceGroups/rg",
		Property: property, Value: value, Times: times}); err != nil {
		t.Fatal(err)
	}
}

// resyncs runs n resyncs of the group and returns the PUTs they sent and the Events they wrote.
func resyncs(e *env, n int) (puts int, events string) {
	e.t.Helper()
	drain(e)
	e.srv.ResetRequests()
	for range n {
		e.settle(rgKind, "rg")
	}
	puts, _ = e.requests("PUT", "/resourceGroups/rg")
	return puts, drain(e)
}

// TestResyncIgnoresWhatAzureOverrode: a value Azure replaced right after the PUT (a service
// default, a version it completed) is what it holds, not drift: no PUT at any resync.
func TestResyncIgnoresWhatAzureOverrode(t *testing.T) {
	rg := group("rg", "", nil)
	rg.Spec.Tags = map[string]string{"maxmemory-delta": "10", "redisVersion": "6"}
	e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
	// One fault answers a request: both values are overridden by one.
	overridden(t, e, "tags", map[string]any{"maxmemory-delta": "642", "redisVersion": "6.0.14"}, 0)
	e.settle(rgKind, "rg")
	if puts, events := resyncs(e, 3); puts != 0 {
		t.Fatalf("3 resyncs of an overridden value sent %d PUTs; events:\n%s", puts, events)
	}
	if ann := e.get(rgKind, "rg").GetAnnotations()[genruntime.DriftBaselineAnnotation]; ann == "" || strings.Contains(ann, "642") {
		t.Errorf("baseline annotation %q: want a record of hashes", ann)
	}
}

// TestResyncIgnoresRenormalisedValuesWithoutRecord: with no baseline (an object of an older
// operator, or adopted), a location as a display name and an ARM ID in another casing hold what
// was sent, as ARM compares them. (armfake answers a resource's name from its ID, so a child's
// name held as parent/child is covered by internal/drift's tests.)
func TestResyncIgnoresRenormalisedValuesWithoutRecord(t *testing.T) {
	const managedBy = "/subscriptions/" + subscription + "/resourceGroups/other/providers/Microsoft.Cache/redis/myredis"
	for property, held := range map[string]string{
		"location":  "West US 2",
		"managedBy": strings.ToUpper("/subscriptions/"+subscription+"/resourceGroups/other/providers/") + "Microsoft.Cache/Redis/myredis",
	} {
		t.Run(property, func(t *testing.T) {
			rg := group("rg", "", nil)
			rg.Spec.Location = ptr("westus2")
			rg.Spec.ManagedBy = ptr(managedBy)
			e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
			e.settle(rgKind, "rg")
			if ann := e.get(rgKind, "rg").GetAnnotations()[genruntime.DriftBaselineAnnotation]; ann != "" {
				t.Fatalf("Azure held everything as sent, yet a baseline was recorded: %q", ann)
			}
			// One fault answers a request: one renormalised value per case.
			overridden(t, e, property, held, 0)
			if puts, events := resyncs(e, 2); puts != 0 {
				t.Fatalf("resyncs of %s held as %q sent %d PUTs; events:\n%s", property, held, puts, events)
			}
		})
	}
}

// TestDriftOutsideOperatorIsPutBackOnce: a value changed from what Azure held after the PUT (a
// portal edit) is drift: one PUT, an AzureDrift Event naming the path, and no PUT after.
func TestDriftOutsideOperatorIsPutBackOnce(t *testing.T) {
	rg := group("rg", "", nil)
	rg.Spec.Tags = map[string]string{"maxmemory-delta": "10"}
	e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
	overridden(t, e, "tags.maxmemory-delta", "642", 0)
	e.settle(rgKind, "rg")
	e.srv.ClearFaults()
	overridden(t, e, "tags.maxmemory-delta", "700", 1) // the portal, seen by the next GET
	overridden(t, e, "tags.maxmemory-delta", "642", 0) // Azure's own value again after the PUT
	puts, events := resyncs(e, 1)
	if puts != 1 {
		t.Fatalf("a change outside the operator sent %d PUTs, want 1; events:\n%s", puts, events)
	}
	if !strings.Contains(events, "AzureDrift") || !strings.Contains(events, "tags.maxmemory-delta") || !strings.Contains(events, "since the last PUT") {
		t.Errorf("no AzureDrift Event naming tags.maxmemory-delta as changed since the last PUT:\n%s", events)
	}
	if puts, events := resyncs(e, 3); puts != 0 {
		t.Fatalf("after the drift was put back, 3 resyncs sent %d PUTs; events:\n%s", puts, events)
	}
}

// TestDriftBaselineSurvivesRestart: the baseline is on the object, so a restarted operator
// does not take Azure's own values for drift.
func TestDriftBaselineSurvivesRestart(t *testing.T) {
	rg := group("rg", "", nil)
	rg.Spec.Tags = map[string]string{"charset": "utf8"}
	e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
	overridden(t, e, "tags.charset", "UTF8", 0)
	e.settle(rgKind, "rg")
	e.restart()
	if puts, events := resyncs(e, 2); puts != 0 {
		t.Fatalf("after a restart, resyncs sent %d PUTs; events:\n%s", puts, events)
	}
}

// TestUnreadableDriftBaselineIsIgnored: a baseline edited into something else, or past the
// size bound, is said in a Warning Event and ignored: values compare as ARM compares them (one
// PUT here, as Azure's override differs), a new baseline is recorded, and nothing loops.
func TestUnreadableDriftBaselineIsIgnored(t *testing.T) {
	for name, bad := range map[string]string{
		"corrupt":   "v1:not-what-the-operator-wrote!",
		"oversized": "v1:" + strings.Repeat("A", drift.MaxRecordBytes+16),
	} {
		t.Run(name, func(t *testing.T) {
			rg := group("rg", "", nil)
			rg.Spec.Tags = map[string]string{"redisVersion": "6"}
			e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
			overridden(t, e, "tags.redisVersion", "6.0.14", 0)
			e.settle(rgKind, "rg")
			obj := e.get(rgKind, "rg")
			obj.GetAnnotations()[genruntime.DriftBaselineAnnotation] = bad
			if err := e.client.Update(context.Background(), obj); err != nil {
				t.Fatal(err)
			}
			puts, events := resyncs(e, 1)
			if puts > 1 {
				t.Errorf("an unreadable baseline sent %d PUTs", puts)
			}
			if strings.Count(events, "DriftBaselineIgnored") != 1 || !strings.Contains(events, genruntime.DriftBaselineAnnotation) {
				t.Errorf("want one Warning Event naming the annotation:\n%s", events)
			}
			if ann := e.get(rgKind, "rg").GetAnnotations()[genruntime.DriftBaselineAnnotation]; ann == bad {
				t.Error("the unreadable baseline was kept")
			}
			if puts, events := resyncs(e, 3); puts != 0 || strings.Contains(events, "DriftBaselineIgnored") {
				t.Errorf("later resyncs sent %d PUTs; events:\n%s", puts, events)
			}
		})
	}
}

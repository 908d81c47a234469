package reconciler_test

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestLongRunningPutReadOnceAfterwards: once an Azure-AsyncOperation PUT succeeds, azcore GETs
// the resource (its final GET); that answer is what the reconciler records, and it sends no GET
// of its own right after. A synchronous PUT's answer is not a GET's: that one is still read.
// Either way the object ends the same: Ready, status from Azure, drift baseline recorded.
func TestLongRunningPutReadOnceAfterwards(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 1}, group("rg", "", nil), routeTable("rt", "rg"))
	e.settle(rgKind, "rg")
	if n, _ := e.requests("GET", "/resourceGroups/rg"); n != 1 {
		t.Errorf("%d GETs of the resource group (a synchronous PUT), want 1: its PUT's answer is not a GET's", n)
	}
	e.srv.ResetRequests()
	e.settle(routeTableKind, "rt")
	if n, _ := e.requests("PUT", "/routeTables/rt"); n != 1 {
		t.Fatalf("%d PUTs of the route table, want 1", n)
	}
	if n := e.getsAfterPut("/routeTables/rt"); n != 1 {
		t.Errorf("%d GETs of the route table after its long-running PUT, want 1 (azcore's final GET, read once)", n)
		for _, r := range e.srv.Requests() {
			t.Logf("%s %s", r.Method, r.Path)
		}
	}
	assertAppliedFromAzure(t, e, "rt")
}

// TestResumedPutReadOnceAfterwards: the same when the PUT is followed by a restarted process
// from its resume token: the final GET of the resumed poller is the read.
func TestResumedPutReadOnceAfterwards(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 3}, group("rg", "", nil), routeTable("rt", "rg"))
	e.settle(rgKind, "rg")
	e.step(routeTableKind, "rt") // claims
	e.step(routeTableKind, "rt") // PUT, in flight
	if token := e.get(routeTableKind, "rt").GetAnnotations()[genruntime.PollerResumeTokenAnnotation]; token == "" {
		t.Fatal("no operation in flight after the PUT")
	}
	e.restart()
	e.srv.ResetRequests()
	e.settle(routeTableKind, "rt")
	if n, _ := e.requests("PUT", "/routeTables/rt"); n != 0 {
		t.Fatalf("%d PUTs after the restart, want 0 (the operation is resumed)", n)
	}
	if n, _ := e.requests("GET", "/routeTables/rt"); n != 1 {
		t.Errorf("%d GETs of the route table after its resumed PUT ended, want 1", n)
	}
	assertAppliedFromAzure(t, e, "rt")
}

// getsAfterPut counts armfake's GETs of the resource whose path ends in suffix since its last
// PUT (a kind that keeps its embedded children reads the resource before its PUT too).
func (e *env) getsAfterPut(suffix string) int {
	n := 0
	for _, r := range e.srv.Requests() {
		if !strings.HasSuffix(strings.ToLower(r.Path), strings.ToLower(suffix)) {
			continue
		}
		switch r.Method {
		case "PUT":
			n = 0
		case "GET":
			n++
		}
	}
	return n
}

// assertAppliedFromAzure checks the route table name is Ready at generation 1 with the record of its
// PUT and status read from Azure's answer.
func assertAppliedFromAzure(t *testing.T, e *env, name string) {
	t.Helper()
	obj := e.get(routeTableKind, name)
	if c := e.ready(routeTableKind, name); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 1 {
		t.Fatalf("route table not Ready at generation 1: %+v", c)
	}
	ann := obj.GetAnnotations()
	if ann[genruntime.AppliedAnnotation] == "" {
		t.Errorf("no %s annotation: %v", genruntime.AppliedAnnotation, ann)
	}
	if ann[genruntime.PollerResumeTokenAnnotation] != "" {
		t.Errorf("the operation is still recorded: %v", ann)
	}
	st := obj.(*network.RouteTable).Status
	if st.Id == nil || *st.Id == "" || st.ProvisioningState == nil || *st.ProvisioningState != "Succeeded" {
		t.Errorf("status not read from Azure: id %v, provisioningState %v", st.Id, st.ProvisioningState)
	}
}

// TestReadBackBaselineHoldsAtResync: the drift baseline written from azcore's final GET (in
// the same process, or in a restarted one resuming the operation) is what a GET gives: the
// resync of the unchanged object that follows finds no drift and sends no PUT.
func TestReadBackBaselineHoldsAtResync(t *testing.T) {
	for name, restart := range map[string]bool{"same process": false, "resumed": true} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, armfake.Options{LROPolls: 2}, group("rg", "", nil), routeTable("rt", "rg"))
			e.settle(rgKind, "rg")
			e.step(routeTableKind, "rt") // claims
			e.step(routeTableKind, "rt") // PUT, in flight
			if restart {
				e.restart()
			}
			e.settle(routeTableKind, "rt")
			assertAppliedFromAzure(t, e, "rt")
			e.srv.ResetRequests()
			for range 2 {
				e.step(routeTableKind, "rt")
			}
			if n, _ := e.requests("GET", "/routeTables/rt"); n == 0 {
				t.Fatal("the resync read nothing from Azure: no drift was looked for")
			}
			if n, _ := e.requests("PUT", "/routeTables/rt"); n != 0 {
				t.Errorf("%d PUTs at the resync of the unchanged route table, want 0 (its baseline is not what a GET gives)", n)
			}
		})
	}
}

package reconciler_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// beforeFirst runs do once, just before the first request of method to a path ending in
// suffix is sent: what someone else does in Azure between the operator's GET and its PUT.
type beforeFirst struct {
	next           policy.Transporter
	method, suffix string
	do             func()
	once           sync.Once
}

func (b *beforeFirst) Do(req *http.Request) (*http.Response, error) {
	if req.Method == b.method && strings.HasSuffix(strings.ToLower(req.URL.Path), strings.ToLower(b.suffix)) {
		b.once.Do(b.do)
	}
	return b.next.Do(req)
}

// TestVnetPutIfMatchKeepsSubnetCreatedMeanwhile: the vnet PUT that carries the subnets a GET
// read is sent with If-Match on that GET's etag, so a subnet created between the GET and the
// PUT is not deleted by it: ARM refuses the PUT (412), and the operator reads again and sends a
// PUT carrying both subnets.
func TestVnetPutIfMatchKeepsSubnetCreatedMeanwhile(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	vnID := "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn"
	e.createInAzure(vnID+"/subnets/early", "2020-11-01", `{"properties":{"addressPrefix":"10.0.1.0/24"}}`)
	e.armOptions = func(o *armclient.Options) {
		o.Transport = &beforeFirst{next: o.Transport, method: http.MethodPut, suffix: "/virtualNetworks/vn", do: func() {
			e.createInAzure(vnID+"/subnets/meanwhile", "2020-11-01", `{"properties":{"addressPrefix":"10.0.2.0/24"}}`)
		}}
	}
	e.restart()

	e.newGeneration(vnetKind, "vn", func(o genruntime.ARMMetaObject) {
		o.(*network.VirtualNetwork).Spec.Tags = map[string]string{"new": "generation"}
	})
	e.settle(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 2 {
		t.Fatalf("vnet not Ready at generation 2: %+v", c)
	}
	ids := strings.Join(e.srv.ResourceIDs(), " ")
	for _, sn := range []string{"early", "meanwhile"} {
		if !strings.Contains(ids, "/subnets/"+sn) {
			t.Errorf("subnet %s was deleted by the vnet's PUT: %s", sn, ids)
		}
	}
	if n, _ := e.requests("PUT", "/virtualNetworks/vn"); n != 3 {
		t.Errorf("%d PUTs of the vnet, want 3 (create, refused on a stale etag, sent again)", n)
	}
}

// TestStalledARMCallRequeues: an ARM endpoint that accepts the connection and never answers
// holds a reconcile no longer than the request timeout; the Ready condition says what timed out
// (a Warning: it may pass), and the object is requeued.
func TestStalledARMCallRequeues(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	release := make(chan struct{})
	stalled := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(stalled.Close)
	t.Cleanup(func() { close(release) })
	const timeout = 300 * time.Millisecond
	e.armOptions = func(o *armclient.Options) {
		o.RequestTimeout = timeout
		// The token comes from armfake; the ARM requests go to the endpoint that stalls.
		o.Transport = stallARM{tokens: o.Transport, arm: stalled}
	}
	e.restart()

	start := time.Now()
	res := e.step(rgKind, "rg")
	if elapsed := time.Since(start); elapsed > timeout+2*time.Second {
		t.Errorf("the reconcile took %s with a request timeout of %s", elapsed, timeout)
	}
	c := e.ready(rgKind, "rg")
	if c.Reason != armclient.CodeRequestTimeout || c.Severity != conditions.ConditionSeverityWarning ||
		!strings.Contains(c.Message, "no answer from Azure Resource Manager within 300ms") {
		t.Errorf("Ready condition %+v, want a Warning %s naming the wait", c, armclient.CodeRequestTimeout)
	}
	if !res.Requeue && res.RequeueAfter <= 0 {
		t.Errorf("not requeued: %+v", res)
	}
}

// stallARM sends token requests to armfake and ARM requests to a server that never answers.
type stallARM struct {
	tokens policy.Transporter
	arm    *httptest.Server
}

func (s stallARM) Do(req *http.Request) (*http.Response, error) {
	if strings.HasPrefix(req.URL.Path, "/subscriptions/") {
		r := req.Clone(req.Context())
		r.URL.Scheme, r.URL.Host, r.Host = "https", strings.TrimPrefix(s.arm.URL, "https://"), ""
		return s.arm.Client().Do(r)
	}
	return s.tokens.Do(req)
}

// TestReconcileDeadline: a reconcile ends by its overall deadline even when a single ARM call
// may take longer: the worker is freed and the object requeued (an error controller-runtime
// retries with its backoff).
func TestReconcileDeadline(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	release := make(chan struct{})
	stalled := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(stalled.Close)
	t.Cleanup(func() { close(release) })
	e.armOptions = func(o *armclient.Options) {
		o.RequestTimeout = time.Hour
		o.Transport = stallARM{tokens: o.Transport, arm: stalled}
	}
	e.reconcileTimeout = 300 * time.Millisecond
	e.restart()

	start := time.Now()
	res, err := e.r.Reconcile(context.Background(), rgKind, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "ns", Name: "rg"}})
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the reconcile took %s with a deadline of 300ms", elapsed)
	}
	if err == nil && !res.Requeue && res.RequeueAfter <= 0 {
		t.Fatalf("neither an error nor a requeue: %+v", res)
	}
	if err != nil && !strings.Contains(err.Error(), "RECONCILE_TIMEOUT") {
		t.Errorf("error %q does not name the deadline it ran into", err)
	}
}

// TestPermanentConflictOnePutPerGeneration: a 409 that lasts until someone acts (a lock on the
// group) is an Error condition with ARM's code, and the resource is not PUT again until its
// spec changes (a new generation), however often it is reconciled; a busy conflict is retried.
func TestPermanentConflictOnePutPerGeneration(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultConflict, Method: "PUT", Path: "/subscriptions/*/resourceGroups/rg",
		Code: "ScopeLocked", Message: "The scope cannot perform write operation because it is locked."}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		e.step(rgKind, "rg")
	}
	c := e.ready(rgKind, "rg")
	if c.Reason != "ScopeLocked" || c.Severity != conditions.ConditionSeverityError || c.ObservedGeneration != 1 {
		t.Fatalf("Ready condition %+v, want an Error ScopeLocked at generation 1", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 1 {
		t.Fatalf("%d PUTs at generation 1, want 1", n)
	}

	e.newGeneration(rgKind, "rg", func(o genruntime.ARMMetaObject) {
		o.SetAnnotations(map[string]string{"edited": "yes"})
	})
	for range 5 {
		e.step(rgKind, "rg")
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 2 {
		t.Fatalf("%d PUTs after generation 2, want 2", n)
	}

	// Once the lock is gone, a new generation goes through.
	e.srv.ClearFaults()
	third := e.get(rgKind, "rg")
	third.SetGeneration(3)
	if err := e.client.Update(context.Background(), third); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready once the lock is gone: %+v", c)
	}
}

// TestBusyConflictIsRetried: AnotherOperationInProgress is a Warning and the PUT is sent again,
// not sooner than Azure's Retry-After, until it passes.
func TestBusyConflictIsRetried(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	if err := e.srv.AddFault(armfake.Fault{Kind: armfake.FaultConflict, Method: "PUT", Path: "/subscriptions/*/resourceGroups/rg",
		Code: "AnotherOperationInProgress", Times: 2}); err != nil {
		t.Fatal(err)
	}
	e.armOptions = func(o *armclient.Options) { o.Transport = adviseOnConflict{o.Transport, "40"} }
	e.restart()
	res := e.step(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Reason != "AnotherOperationInProgress" || c.Severity != conditions.ConditionSeverityWarning {
		t.Fatalf("Ready condition %+v, want a Warning AnotherOperationInProgress", c)
	}
	if res.RequeueAfter < 40*time.Millisecond {
		t.Errorf("requeued after %s, sooner than Azure's Retry-After of 40ms", res.RequeueAfter)
	}
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 3 {
		t.Errorf("%d PUTs, want 3 (two refused, one accepted)", n)
	}
}

// adviseOnConflict adds Azure's Retry-After advice (in milliseconds) to every 409.
type adviseOnConflict struct {
	next policy.Transporter
	ms   string
}

func (a adviseOnConflict) Do(req *http.Request) (*http.Response, error) {
	resp, err := a.next.Do(req)
	if err == nil && resp.StatusCode == http.StatusConflict {
		resp.Header.Set("Retry-After-Ms", a.ms)
	}
	return resp, err
}

// TestParentPutListingAllItHoldsKeepsChildCreatedMeanwhile: a route table whose spec lists its
// routes, all of which Azure holds already, still sends its PUT with If-Match on the etag it
// read: the PUT is the whole truth about the collection, so a route created between the GET and
// the PUT (a route kind's own PUT) would be deleted by an unconditional one.
func TestParentPutListingAllItHoldsKeepsChildCreatedMeanwhile(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil), routeTable("rt", "rg"))
	e.settle(rgKind, "rg")
	rtID := "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/routeTables/rt"
	listed := "listed"
	e.newGeneration(routeTableKind, "rt", func(o genruntime.ARMMetaObject) {
		o.(*network.RouteTable).Spec.Routes = []network.Route_SubResourceEmbedded{{Name: &listed}}
	})
	e.settle(routeTableKind, "rt")
	e.armOptions = func(o *armclient.Options) {
		o.Transport = &beforeFirst{next: o.Transport, method: http.MethodPut, suffix: "/routeTables/rt", do: func() {
			e.createInAzure(rtID+"/routes/meanwhile", "2020-11-01", `{"properties":{"addressPrefix":"10.1.0.0/16","nextHopType":"VnetLocal"}}`)
		}}
	}
	e.restart()

	e.newGeneration(routeTableKind, "rt", func(o genruntime.ARMMetaObject) {
		o.(*network.RouteTable).Spec.Tags = map[string]string{"new": "generation"}
	})
	e.settle(routeTableKind, "rt")
	if c := e.ready(routeTableKind, "rt"); c.Status != metav1.ConditionTrue {
		t.Fatalf("route table not Ready: %+v", c)
	}
	ids := strings.Join(e.srv.ResourceIDs(), " ")
	for _, r := range []string{"listed", "meanwhile"} {
		if !strings.Contains(ids, "/routes/"+r) {
			t.Errorf("route %s was deleted by the route table's PUT: %s", r, ids)
		}
	}
}

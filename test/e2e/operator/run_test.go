package operator_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// The subscription of the test credential: the samples' ARM IDs name it.
const subscription = "00000000-0000-0000-0000-000000000000"

// run is one test's operator: armfake, a namespace with a credential for it, and a manager
// watching that namespace only (so tests never reconcile each other's objects).
type run struct {
	t       *testing.T
	ns      string
	srv     *armfake.Server
	metrics *reconciler.Metrics
	opts    manager.Options
	stop    func()
	// renamedPrefixes: what the wire check allows in front of a wire name (see lookup).
	renamedPrefixes []string
	// secretMaps are the spec paths of the sample checkWire compares that hold a map of secrets.
	secretMaps map[string]bool
}

// start starts armfake with fake, and the operator with sync as its resync period.
func start(t *testing.T, fake armfake.Options, sync time.Duration) *run {
	t.Helper()
	root := testspecs.Root(t) // armfake needs the swagger
	fake.SpecRoot = root
	if fake.RetryAfter == 0 {
		fake.RetryAfter = 20 * time.Millisecond
	}
	r := &run{t: t, ns: strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name())), srv: armfake.StartTest(t, fake)}
	if len(r.ns) > 60 {
		r.ns = r.ns[:60]
	}
	ctx := context.Background()
	mustCreate(t, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: r.ns}})
	mustCreate(t, r.credential("aso-credential", "operator", "secret"))
	r.metrics = reconciler.NewMetrics(prometheus.NewRegistry())
	r.opts = manager.Options{
		Settings: settings.Settings{
			ResourceManagerEndpoint: r.srv.URL() + "/",
			ResourceManagerAudience: "https://management.azure.com/",
			AuthorityHost:           r.srv.AuthorityHost(),
			SyncPeriod:              sync,
			TargetNamespaces:        []string{r.ns},
			OperatorMode:            settings.ModeWatchers,
			DefaultReconcilePolicy:  genruntime.ReconcilePolicyManage,
			MaxConcurrentReconciles: 4,
		},
		MetricsAddr:     "0",
		HealthAddr:      "0",
		Transport:       r.srv.Client(),
		Retry:           policy.RetryOptions{MaxRetries: 2, RetryDelay: 10 * time.Millisecond, MaxRetryDelay: 50 * time.Millisecond},
		WaitDelay:       200 * time.Millisecond,
		PollDelay:       50 * time.Millisecond,
		Metrics:         r.metrics,
		SeveralManagers: true,
	}
	r.startManager()
	t.Cleanup(func() {
		r.stop()
		_ = shared.Client.Delete(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: r.ns}})
	})
	return r
}

// startManager (re)starts the operator: a restart keeps nothing in memory.
func (r *run) startManager() {
	op, err := manager.New(shared.Config, r.opts)
	if err != nil {
		r.t.Fatal(err)
	}
	r.stop = cluster.StartManager(r.t, op)
}

// credential is a Secret holding an armfake service principal.
func (r *run) credential(name, clientID, secret string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: r.ns, Name: name}, StringData: map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": r.srv.TenantID(),
		"AZURE_CLIENT_ID": clientID, "AZURE_CLIENT_SECRET": secret,
	}}
}

// create creates objs in the run's namespace.
func (r *run) create(objs ...client.Object) {
	r.t.Helper()
	for _, o := range objs {
		o.SetNamespace(r.ns)
		mustCreate(r.t, o)
	}
}

func mustCreate(t testing.TB, o client.Object) {
	t.Helper()
	if err := shared.Client.Create(context.Background(), o); err != nil {
		t.Fatalf("creating %T %s: %v", o, o.GetName(), err)
	}
}

// get reads obj (its name and kind set) again from the cluster.
func (r *run) get(obj client.Object) error {
	return shared.Client.Get(context.Background(), types.NamespacedName{Namespace: r.ns, Name: obj.GetName()}, obj)
}

// ready returns the Ready condition of obj as the cluster has it.
func (r *run) ready(obj genruntime.ARMMetaObject) conditions.Condition {
	fresh := obj.DeepCopyObject().(genruntime.ARMMetaObject)
	if err := r.get(fresh); err != nil {
		return conditions.Condition{Reason: "(read failed: " + err.Error() + ")"}
	}
	c, _ := fresh.GetConditions().Get(conditions.ConditionTypeReady)
	return c
}

// waitFor waits until cond holds for every object, failing with the conditions of those that
// do not.
func (r *run) waitFor(what string, timeout time.Duration, cond func(conditions.Condition) bool, objs ...genruntime.ARMMetaObject) {
	r.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var pending []string
		for _, o := range objs {
			if c := r.ready(o); !cond(c) {
				gvk, _ := apiutil.GVKForObject(o, shared.Scheme)
				pending = append(pending, gvk.Kind+"/"+o.GetName()+": "+describe(c))
			}
		}
		if len(pending) == 0 {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("after %s, not %s:\n  %s", timeout, what, strings.Join(pending, "\n  "))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (r *run) waitReady(timeout time.Duration, objs ...genruntime.ARMMetaObject) {
	r.t.Helper()
	r.waitFor("Ready", timeout, func(c conditions.Condition) bool { return c.Status == metav1.ConditionTrue }, objs...)
}

func describe(c conditions.Condition) string {
	if c.Type == "" {
		return "no Ready condition"
	}
	return string(c.Status) + " " + string(c.Severity) + " " + c.Reason + ": " + c.Message
}

// requests are armfake's requests of method whose path ends with suffix (case-insensitive).
func (r *run) requests(method, suffix string) []armfake.Request {
	var out []armfake.Request
	for _, q := range r.srv.Requests() {
		if q.Method == method && strings.HasSuffix(strings.ToLower(q.Path), strings.ToLower(suffix)) {
			out = append(out, q)
		}
	}
	return out
}

// jsonEqual compares two JSON documents by value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

func repoRoot(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	root, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	if err != nil {
		tb.Fatal(err)
	}
	return root
}

// createInAzure makes a resource in armfake out of band, as someone else would.
func createInAzure(t *testing.T, r *run, id, apiVersion, body string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, r.srv.URL()+id+"?api-version="+apiVersion, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("creating %s in armfake: %s", id, resp.Status)
	}
}

// waitGone waits until obj is deleted from the cluster (its finalizer removed).
func waitGone(t *testing.T, r *run, obj client.Object) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for r.get(obj) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("%s still there, finalizers %v", obj.GetName(), obj.GetFinalizers())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

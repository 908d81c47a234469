package replay_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// The recordings' subscription, as ASO's recorder writes it.
const subscription = "00000000-0000-0000-0000-000000000000"

// syncPeriod is short so that a resync follows the conversation within the test.
const syncPeriod = 500 * time.Millisecond

// run is one fixture's operator: its replay server, a namespace with a credential, and a
// manager watching that namespace only.
type run struct {
	t   *testing.T
	f   *fixture
	ns  string
	srv *server
}

var nonName = regexp.MustCompile(`[^a-z0-9-]+`)

func start(t *testing.T, f *fixture) *run {
	t.Helper()
	ns := "replay-" + nonName.ReplaceAllString(strings.ToLower(f.name()), "-")
	if len(ns) > 60 {
		ns = strings.TrimRight(ns[:60], "-")
	}
	r := &run{t: t, f: f, ns: ns, srv: startServer(f)}
	t.Cleanup(r.srv.Close)
	mustCreate(t, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}})
	mustCreate(t, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "aso-credential"}, StringData: map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": r.srv.tenant,
		"AZURE_CLIENT_ID": "replay", "AZURE_CLIENT_SECRET": "replay",
	}})
	op, err := manager.New(shared.Config, manager.Options{
		Settings: settings.Settings{
			ResourceManagerEndpoint: r.srv.URL() + "/",
			ResourceManagerAudience: "https://management.azure.com/",
			AuthorityHost:           r.srv.URL() + "/",
			SyncPeriod:              syncPeriod,
			TargetNamespaces:        []string{ns},
			OperatorMode:            settings.ModeWatchers,
			DefaultReconcilePolicy:  genruntime.ReconcilePolicyManage,
			MaxConcurrentReconciles: 2,
		},
		MetricsAddr:     "0",
		HealthAddr:      "0",
		Transport:       r.srv.http.Client(),
		Retry:           policy.RetryOptions{MaxRetries: 1, RetryDelay: 10 * time.Millisecond, MaxRetryDelay: 50 * time.Millisecond},
		WaitDelay:       200 * time.Millisecond,
		PollDelay:       50 * time.Millisecond,
		Metrics:         reconciler.NewMetrics(prometheus.NewRegistry()),
		SeveralManagers: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	stop := cluster.StartManager(t, op)
	t.Cleanup(func() {
		stop()
		_ = shared.Client.Delete(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}})
	})
	return r
}

func mustCreate(t testing.TB, o client.Object) {
	t.Helper()
	if err := shared.Client.Create(context.Background(), o); err != nil {
		t.Fatalf("creating %T %s: %v", o, o.GetName(), err)
	}
}

// fresh reads o again from the cluster.
func (r *run) fresh(o genruntime.ARMMetaObject) (genruntime.ARMMetaObject, error) {
	c := o.DeepCopyObject().(genruntime.ARMMetaObject)
	err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: o.GetName()}, c)
	return c, err
}

// waitReady waits until every object is Ready, failing with the conditions of those that are
// not and the requests the recording does not hold.
func (r *run) waitReady(timeout time.Duration, objs []genruntime.ARMMetaObject) {
	r.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var pending []string
		for _, o := range objs {
			c, err := r.fresh(o)
			if err != nil {
				pending = append(pending, o.GetName()+": "+err.Error())
				continue
			}
			if cond, _ := c.GetConditions().Get(conditions.ConditionTypeReady); cond.Status != metav1.ConditionTrue {
				pending = append(pending, o.GetName()+": "+string(cond.Status)+" "+cond.Reason+": "+cond.Message)
			}
		}
		if len(pending) == 0 {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: after %s, not Ready:\n  %s%s", r.f.file, timeout, strings.Join(pending, "\n  "), r.unexpected())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// unexpected lists the requests no interaction of the fixture answered.
func (r *run) unexpected() string {
	var out []string
	for _, q := range r.srv.requests() {
		if q.Interaction == unmatched {
			out = append(out, q.Method+" "+q.Path+"?api-version="+q.APIVersion)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "\n  requests the recording does not hold:\n    " + strings.Join(out, "\n    ")
}

// resourceID is the ARM ID the operator recorded on o.
func (r *run) resourceID(o genruntime.ARMMetaObject) string {
	c, err := r.fresh(o)
	if err != nil {
		r.t.Fatalf("reading %s: %v", o.GetName(), err)
	}
	return c.GetAnnotations()[genruntime.ResourceIDAnnotation]
}

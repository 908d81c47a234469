package bench_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestTimelineLines: a wait prints one line a minute with the Ready count and the minute's
// gain, ready_at_10min once ten minutes have passed (the count then), and, when all are
// Ready, the time it took; a fleet all Ready before ten minutes has all of it Ready at ten.
func TestTimelineLines(t *testing.T) {
	tl := bench.NewTimeline(100)
	var got []string
	for _, o := range []struct {
		at    time.Duration
		ready int
	}{{30 * time.Second, 5}, {61 * time.Second, 20}, {3*time.Minute + time.Second, 50}, {10 * time.Minute, 90}, {11 * time.Minute, 100}} {
		got = append(got, tl.Observe(o.at, 100, o.ready)...)
	}
	got = append(got, tl.Done(11*time.Minute)...)
	want := []string{
		"progress t=1m0s created=100 ready=20/100 (+20 in the last minute)",
		"progress t=2m0s created=100 ready=50/100 (+30 in the last minute)",
		"progress t=3m0s created=100 ready=50/100 (+0 in the last minute)",
		"progress t=4m0s created=100 ready=90/100 (+40 in the last minute)",
		"progress t=5m0s created=100 ready=90/100 (+0 in the last minute)",
		"progress t=6m0s created=100 ready=90/100 (+0 in the last minute)",
		"progress t=7m0s created=100 ready=90/100 (+0 in the last minute)",
		"progress t=8m0s created=100 ready=90/100 (+0 in the last minute)",
		"progress t=9m0s created=100 ready=90/100 (+0 in the last minute)",
		"progress t=10m0s created=100 ready=90/100 (+0 in the last minute)",
		"ready_at_10min=90/100",
		"progress t=11m0s created=100 ready=100/100 (+10 in the last minute)",
		"all_ready_s=660.0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	fast := bench.NewTimeline(10)
	fast.Observe(20*time.Second, 10, 10)
	if got := fast.Done(20 * time.Second); !slices.Equal(got, []string{"ready_at_10min=10/10", "all_ready_s=20.0"}) {
		t.Errorf("all Ready in 20 s: %q", got)
	}
}

// TestReadyTimeoutGrows: the wait for 10,000 is longer than for 1,000, and not shorter than
// the wait was before it grew with the fleet (20 minutes at 1,000, a loaded machine's need).
func TestReadyTimeoutGrows(t *testing.T) {
	if a, b := bench.ReadyTimeout(1000), bench.ReadyTimeout(10000); a < 19*time.Minute || b <= a {
		t.Errorf("ReadyTimeout(1000)=%s, ReadyTimeout(10000)=%s", a, b)
	}
}

// TestStuckReport: the objects not Ready are counted by kind and reason, most first, each line
// with one object's name and message; Ready ones are not listed.
func TestStuckReport(t *testing.T) {
	scheme, err := cluster.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	rg := func(name string, c *conditions.Condition) client.Object {
		o := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name, Generation: 1}}
		if c != nil {
			o.SetConditions(conditions.Conditions{*c})
		}
		return o
	}
	waiting := conditions.NewReady(metav1.ConditionFalse, conditions.ConditionSeverityWarning, "ReferenceNotFound", "NetworkSecurityGroup ns/nsg is not Ready yet", 1)
	done := conditions.NewReady(metav1.ConditionTrue, conditions.ConditionSeverityNone, "Succeeded", "", 1)
	c := fake.NewClientBuilder().WithScheme(scheme).WithObjects(
		rg("a", &waiting), rg("b", &waiting), rg("c", nil), rg("d", &done),
	).Build()
	kinds := []schema.GroupVersionKind{resources.GroupVersion.WithKind("ResourceGroup")}
	p, err := bench.CountReady(t.Context(), c, scheme, "ns", kinds)
	if err != nil {
		t.Fatal(err)
	}
	got := p.StuckReport()
	for _, want := range []string{
		"3 of 4 not Ready, by kind and reason:",
		"ResourceGroup                    ReferenceNotFound                 2  e.g. a: False NetworkSecurityGroup ns/nsg is not Ready yet",
		"ResourceGroup                    (no condition)                    1  e.g. c: no Ready condition",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "d:") {
		t.Errorf("a Ready object is listed:\n%s", got)
	}
}

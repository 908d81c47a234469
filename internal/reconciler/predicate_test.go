package reconciler

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

func TestChangesThatMatter(t *testing.T) {
	base := func() *resources.ResourceGroup {
		rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "rg", Generation: 1,
			Annotations: map[string]string{"team": "a"}, Finalizers: []string{genruntime.Finalizer}}}
		return rg
	}
	now := metav1.Now()
	cases := []struct {
		name   string
		change func(*resources.ResourceGroup)
		wake   bool
	}{
		{"status only", func(r *resources.ResourceGroup) {
			r.SetConditions(conditions.Conditions{conditions.NewReady(metav1.ConditionTrue, "", "Succeeded", "", 1)})
		}, false},
		{"the reconciler's resume token", func(r *resources.ResourceGroup) {
			r.Annotations[genruntime.PollerResumeTokenAnnotation] = "t"
			r.Annotations[genruntime.PollerOperationAnnotation] = "PUT"
		}, false},
		{"the reconciler's resource-id", func(r *resources.ResourceGroup) { r.Annotations[genruntime.ResourceIDAnnotation] = "/x" }, false},
		{"the reconciler's drift baseline", func(r *resources.ResourceGroup) { r.Annotations[genruntime.DriftBaselineAnnotation] = "v1:AAAA" }, false},
		{"spec", func(r *resources.ResourceGroup) { r.Generation = 2 }, true},
		{"reconcile policy", func(r *resources.ResourceGroup) { r.Annotations[genruntime.ReconcilePolicyAnnotation] = "skip" }, true},
		{"credential", func(r *resources.ResourceGroup) { r.Annotations[genruntime.CredentialFromAnnotation] = "c" }, true},
		{"finalizer", func(r *resources.ResourceGroup) { r.Finalizers = nil }, true},
		{"deletion", func(r *resources.ResourceGroup) { r.DeletionTimestamp = &now }, true},
	}
	for _, c := range cases {
		old, updated := base(), base()
		c.change(updated)
		if got := changesThatMatter().Update(event.UpdateEvent{ObjectOld: old, ObjectNew: updated}); got != c.wake {
			t.Errorf("%s: wakes %v, want %v", c.name, got, c.wake)
		}
	}
}

// TestEditedBookkeepingWakes: someone else's edit of the resource-id or of the operation in
// flight wakes the reconciler, so that a tampered ID is refused before the object is deleted;
// the reconciler's own writes of them do not.
func TestEditedBookkeepingWakes(t *testing.T) {
	const id = "/subscriptions/s/resourceGroups/rg"
	claimed := map[string]string{genruntime.ResourceIDAnnotation: id}
	running := map[string]string{genruntime.ResourceIDAnnotation: id, genruntime.PollerResumeTokenAnnotation: "t1", genruntime.PollerOperationAnnotation: "PUT"}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "" {
				delete(out, kv[i])
			} else {
				out[kv[i]] = kv[i+1]
			}
		}
		return out
	}
	cases := []struct {
		name     string
		old, new map[string]string
		wake     bool
	}{
		{"claim records the ID", nil, claimed, false},
		{"an operation starts", claimed, running, false},
		{"an operation ends", running, claimed, false},
		{"resource-id edited", claimed, with(claimed, genruntime.ResourceIDAnnotation, "/subscriptions/other/resourceGroups/rg"), true},
		{"resource-id removed", claimed, with(claimed, genruntime.ResourceIDAnnotation, ""), true},
		{"resume token swapped", running, with(running, genruntime.PollerResumeTokenAnnotation, "t2"), true},
		{"operation kind changed", running, with(running, genruntime.PollerOperationAnnotation, "DELETE"), true},
	}
	for _, c := range cases {
		old := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "rg", Generation: 1, Annotations: c.old}}
		updated := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "rg", Generation: 1, Annotations: c.new}}
		if got := changesThatMatter().Update(event.UpdateEvent{ObjectOld: old, ObjectNew: updated}); got != c.wake {
			t.Errorf("%s: wakes %v, want %v", c.name, got, c.wake)
		}
	}
}

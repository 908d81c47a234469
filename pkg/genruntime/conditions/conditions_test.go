package conditions

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var (
	earlier = metav1.NewTime(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	later   = metav1.NewTime(time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))
)

func TestConditionsSet(t *testing.T) {
	t.Parallel()

	ready := func(status metav1.ConditionStatus, at metav1.Time, reason string) Condition {
		c := NewReady(status, ConditionSeverityNone, reason, "", 1)
		c.LastTransitionTime = at
		return c
	}
	other := Condition{Type: "AReady", Status: metav1.ConditionTrue, LastTransitionTime: earlier}
	last := Condition{Type: "Zebra", Status: metav1.ConditionTrue, LastTransitionTime: earlier}

	tests := []struct {
		name     string
		existing Conditions
		set      Condition
		want     Conditions
	}{
		{
			name: "adds to empty",
			set:  ready(metav1.ConditionTrue, earlier, "Succeeded"),
			want: Conditions{ready(metav1.ConditionTrue, earlier, "Succeeded")},
		},
		{
			name:     "keeps transition time when status unchanged",
			existing: Conditions{ready(metav1.ConditionFalse, earlier, "Reconciling")},
			set:      ready(metav1.ConditionFalse, later, "Failed"),
			want:     Conditions{ready(metav1.ConditionFalse, earlier, "Failed")},
		},
		{
			name:     "takes new transition time when status changes",
			existing: Conditions{ready(metav1.ConditionFalse, earlier, "Reconciling")},
			set:      ready(metav1.ConditionTrue, later, "Succeeded"),
			want:     Conditions{ready(metav1.ConditionTrue, later, "Succeeded")},
		},
		{
			name:     "sorts by type and leaves other types alone",
			existing: Conditions{last, other},
			set:      ready(metav1.ConditionTrue, later, "Succeeded"),
			want:     Conditions{other, ready(metav1.ConditionTrue, later, "Succeeded"), last},
		},
		{
			name:     "collapses duplicates of the type being set",
			existing: Conditions{ready(metav1.ConditionTrue, earlier, "A"), ready(metav1.ConditionTrue, earlier, "B")},
			set:      ready(metav1.ConditionTrue, later, "C"),
			want:     Conditions{ready(metav1.ConditionTrue, earlier, "C")},
		},
	}

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			before := tt.existing.DeepCopy()
			got := tt.existing.Set(tt.set)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Set() mismatch (-want +got):\n%s", diff)
			}

			if diff := cmp.Diff(before, tt.existing); diff != "" {
				t.Errorf("Set() changed its receiver (-before +after):\n%s", diff)
			}
		})
	}
}

func TestConditionsSetFillsMissingTransitionTime(t *testing.T) {
	t.Parallel()

	start := time.Now().Add(-time.Second)
	got := Conditions(nil).Set(NewReady(metav1.ConditionUnknown, ConditionSeverityInfo, "Reconciling", "working", 2))

	c, ok := got.Get(ConditionTypeReady)
	if !ok {
		t.Fatal("Get(Ready) found nothing after Set")
	}

	if c.LastTransitionTime.Time.Before(start) {
		t.Errorf("LastTransitionTime = %v, want now", c.LastTransitionTime)
	}

	want := Condition{Type: ConditionTypeReady, Status: metav1.ConditionUnknown, Severity: ConditionSeverityInfo, ObservedGeneration: 2, Reason: "Reconciling", Message: "working"}
	if diff := cmp.Diff(want, c, cmpopts.IgnoreFields(Condition{}, "LastTransitionTime")); diff != "" {
		t.Errorf("condition mismatch (-want +got):\n%s", diff)
	}
}

func TestConditionsGet(t *testing.T) {
	t.Parallel()

	if _, ok := Conditions(nil).Get(ConditionTypeReady); ok {
		t.Error("Get on nil Conditions found a condition")
	}

	cs := Conditions{{Type: "Other", Status: metav1.ConditionFalse}, {Type: ConditionTypeReady, Status: metav1.ConditionTrue}}
	c, ok := cs.Get(ConditionTypeReady)
	if !ok || c.Status != metav1.ConditionTrue {
		t.Errorf("Get(Ready) = %v, %v; want the Ready condition", c, ok)
	}
}

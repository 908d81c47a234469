package resolver

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/genruntime"
)

// TestCollectWellKnownReference: a reference by well-known name has nothing in the cluster to
// resolve (an empty reference collected from it would fail to resolve and block the PUT); one by
// group, kind and name is collected at its own JSON path.
func TestCollectWellKnownReference(t *testing.T) {
	type props struct {
		ByName *genruntime.WellKnownResourceReference `json:"byName,omitempty"`
		ByRef  *genruntime.WellKnownResourceReference `json:"byRef,omitempty"`
	}
	s := props{
		ByName: &genruntime.WellKnownResourceReference{WellKnownName: "Reader"},
		ByRef:  &genruntime.WellKnownResourceReference{ResourceReference: idRef},
	}
	got := Collect(&s)
	want := Found{
		References: []genruntime.ResourceReference{idRef},
		Where:      map[genruntime.ResourceReference]string{idRef: "spec.byRef"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Collect (-want +got):\n%s", d)
	}
}

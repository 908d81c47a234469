package genruntime

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// keptHub and keptSpoke are a hub and an older version of one kind: the spoke has no Zone.
type keptHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              keptHubSpec   `json:"spec,omitempty"`
	Status            keptHubStatus `json:"status,omitempty"`
}

type keptHubSpec struct {
	Location *string           `json:"location,omitempty"`
	Zone     *string           `json:"zone,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	Prefixes []string          `json:"prefixes,omitempty"`
}

type keptHubStatus struct {
	ID         *string  `json:"id,omitempty"`
	Conditions []string `json:"conditions,omitempty"`
}

func (*keptHub) Hub() {}

func (h *keptHub) DeepCopyObject() runtime.Object {
	c := *h
	h.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

type keptSpoke struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              keptSpokeSpec `json:"spec,omitempty"`
	Status            keptHubStatus `json:"status,omitempty"`
}

type keptSpokeSpec struct {
	Location *string           `json:"location,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	Prefixes []string          `json:"prefixes,omitempty"`
}

func (s *keptSpoke) DeepCopyObject() runtime.Object {
	c := *s
	s.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (s *keptSpoke) ConvertTo(hub conversion.Hub) error {
	h := hub.(*keptHub)
	h.ObjectMeta = *s.ObjectMeta.DeepCopy()
	h.Spec = keptHubSpec{Location: s.Spec.Location, Tags: s.Spec.Tags, Prefixes: s.Spec.Prefixes}
	h.Status = s.Status
	return RestoreValues(s, hub)
}

func (s *keptSpoke) ConvertFrom(hub conversion.Hub) error {
	h := hub.(*keptHub)
	s.ObjectMeta = *h.ObjectMeta.DeepCopy()
	s.Spec = keptSpokeSpec{Location: h.Spec.Location, Tags: h.Spec.Tags, Prefixes: h.Spec.Prefixes}
	s.Status = h.Status
	return RetainValues(hub, s)
}

func keptFixture(zone *string, tags map[string]string) *keptHub {
	loc, id := "westus2", "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v"
	return &keptHub{
		ObjectMeta: metav1.ObjectMeta{Name: "v", Namespace: "ns", UID: "uid-1"},
		Spec:       keptHubSpec{Location: &loc, Zone: zone, Tags: tags, Prefixes: []string{"10.0.0.0/16", "10.1.0.0/16"}},
		Status:     keptHubStatus{ID: &id, Conditions: []string{"Ready"}},
	}
}

// TestRetainValuesCostsNothingWhenNothingIsLost: reading an object at the version it was
// written through is what almost every conversion webhook review does; when the version holds
// every value of the hub, RetainValues allocates no more than its own round trip to the hub
// (a new hub and ConvertTo), instead of marshalling both objects to JSON maps to compare them,
// which was two fifths of a review's CPU.
func TestRetainValuesCostsNothingWhenNothingIsLost(t *testing.T) {
	hub := keptFixture(nil, map[string]string{"env": "samples"})
	spoke := &keptSpoke{}
	if err := spoke.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if a := spoke.GetAnnotations()[RetainedValuesAnnotation]; a != "" {
		t.Fatalf("nothing lost, yet annotated %s", a)
	}
	roundTrip := testing.AllocsPerRun(100, func() {
		back := &keptHub{}
		if err := spoke.ConvertTo(back); err != nil {
			t.Fatal(err)
		}
	})
	retain := testing.AllocsPerRun(100, func() {
		if err := RetainValues(hub, spoke); err != nil {
			t.Fatal(err)
		}
	})
	if retain > roundTrip+2 {
		t.Errorf("RetainValues allocated %.0f times where nothing was lost, its round trip to the hub %.0f: it should compare the values, not their JSON", retain, roundTrip)
	}
}

// TestRetainValuesStillRecordsWhatIsLost: the shortcut decides only when Go values are equal;
// otherwise the JSON decides, so a lost value is recorded and a difference JSON does not see
// (an empty map against none) records nothing.
func TestRetainValuesStillRecordsWhatIsLost(t *testing.T) {
	zone := "1"
	cases := []struct {
		name      string
		hub       *keptHub
		annotated bool
	}{
		{"a value the version has no field for", keptFixture(&zone, nil), true},
		{"an empty map, omitted from the JSON as none", keptFixture(nil, map[string]string{}), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spoke := &keptSpoke{}
			// The spoke's own copy of the map: the round trip makes none out of the empty one.
			if err := spoke.ConvertFrom(c.hub); err != nil {
				t.Fatal(err)
			}
			got := spoke.GetAnnotations()[RetainedValuesAnnotation]
			if (got != "") != c.annotated {
				t.Fatalf("annotation %q, want one: %v", got, c.annotated)
			}
			if !c.annotated {
				return
			}
			back := &keptHub{}
			if err := spoke.ConvertTo(back); err != nil {
				t.Fatal(err)
			}
			if back.Spec.Zone == nil || *back.Spec.Zone != zone {
				t.Errorf("zone %v after the round trip, want %q restored", back.Spec.Zone, zone)
			}
		})
	}
}

package crd

import (
	"testing"
)

// Rendering a CRD was dominated by encoding it: JSON text and back, then yaml/v2's reflection
// and event queue, tens of allocations for every property of every schema. The schema tree is
// now built directly and written by yamlenc; allocations are counted, not timed, so that the
// test holds on a busy machine.
func TestCRDEncodingAllocatesLittlePerProperty(t *testing.T) {
	const props = 400
	crd := bigCRD(props, "A description of the property. It has a second sentence, and: a colon.")
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := marshalWithoutStatus(crd); err != nil {
			t.Fatal(err)
		}
	})
	// Two objects (spec, status) of props properties each.
	perProperty := allocs / (2 * props)
	t.Logf("%.0f allocations, %.1f per property", allocs, perProperty)
	if perProperty > 10 {
		t.Errorf("encoding a CRD allocates %.1f times per property, want at most 10", perProperty)
	}
}

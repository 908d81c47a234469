package generated_test

import (
	"encoding/json"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/emit/crd"
)

// applyMargin is what kubectl's client-side apply adds around a CRD in its
// last-applied-configuration annotation (the annotation's key, other annotations, labels):
// a CRD must leave that much of the API server's 256 KiB annotation limit free.
const applyMargin = 8 << 10

// TestCRDsFitUnderTheAnnotationLimit: a CRD larger than the API server's 256 KiB limit on
// annotations cannot be installed with client-side kubectl apply (which copies the object into
// an annotation), and the bigger a CRD the more the API server holds for it. The emitter's size
// rule keeps every CRD under it; this holds the committed output to that, naming each CRD over.
func TestCRDsFitUnderTheAnnotationLimit(t *testing.T) {
	limit := crd.ApplyLimit - applyMargin
	for _, c := range generatedCRDs(t) {
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > limit {
			t.Errorf("CRD %s is %d KiB as JSON, over %d KiB (the 256 KiB annotation limit less %d KiB for kubectl apply): "+
				"install it with kubectl apply --server-side, and shrink it (emit/crd size rule)", c.Name, len(out)>>10, limit>>10, applyMargin>>10)
		}
	}
}

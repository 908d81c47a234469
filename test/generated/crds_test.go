package generated_test

import (
	"testing"

	"github.com/armgen/armgen/internal/crdcheck"
)

// TestCRDsPassAPIServerChecks: every CRD we ship must be accepted by a cluster. crdcheck runs
// the API server's own create-time validation (structural schema, defaults, CEL, names,
// versions) on each.
func TestCRDsPassAPIServerChecks(t *testing.T) {
	for _, crd := range generatedCRDs(t) {
		t.Run(crd.Name, func(t *testing.T) {
			t.Parallel()
			if errs := crdcheck.Validate(crd); len(errs) > 0 {
				for _, e := range errs {
					t.Error(e)
				}
			}
		})
	}
}

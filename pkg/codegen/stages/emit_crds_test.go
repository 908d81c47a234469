package stages

import "testing"

// TestEmitCRDsGolden: one CRD file per kind plus the kustomizations, with their sizes;
// pkg/codegen's TestGolden compares their contents.
func TestEmitCRDsGolden(t *testing.T) {
	checkCaseGoldens(t, EmitCRDs, "widgets")
}

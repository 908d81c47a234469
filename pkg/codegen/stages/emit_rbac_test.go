package stages

import "testing"

// TestEmitRBACGolden: the role and its kustomization, with their sizes; pkg/codegen's TestGolden
// compares their contents.
func TestEmitRBACGolden(t *testing.T) {
	checkCaseGoldens(t, EmitRBAC, "widgets", "cachelite")
}

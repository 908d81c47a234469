package stages

import "testing"

// TestEmitGoGolden: which Go files are rendered, and their sizes; pkg/codegen's TestGolden
// compares their contents.
func TestEmitGoGolden(t *testing.T) {
	checkCaseGoldens(t, EmitGo, "widgets")
}

package stages

import "testing"

// TestEmitDocsGolden: the resource pages rendered, with their sizes.
func TestEmitDocsGolden(t *testing.T) {
	checkCaseGoldens(t, EmitDocs, "widgets")
}

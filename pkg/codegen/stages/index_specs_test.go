package stages

import "testing"

// TestIndexSpecsGolden: the index lists every api-version folder below the spec root, the
// cache-lite ones too although widgets configures only Microsoft.Widgets; the versions are only
// the configured ones.
func TestIndexSpecsGolden(t *testing.T) {
	checkCaseGoldens(t, IndexSpecs, "widgets")
}

package stages

import "testing"

// TestLoadSpecsGolden: only the swagger files of the configured versions are read; the files
// $refs lead to (common-types) are loaded later, on demand.
func TestLoadSpecsGolden(t *testing.T) {
	checkCaseGoldens(t, LoadSpecs, "widgets")
}

package stages

import "testing"

// TestSplitSpecStatusGolden: each resource gets a _Spec without read-only properties, with
// secrets and ARM IDs as references, and a _STATUS (all types suffixed) without secrets;
// properties of the properties envelope are flattened into both.
func TestSplitSpecStatusGolden(t *testing.T) {
	checkCaseGoldens(t, SplitSpecStatus, "widgets")
}

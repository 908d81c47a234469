package stages

import "testing"

// TestPruneUnusedGolden: against break-cycles' golden, the types left behind by flattening
// (WidgetProperties and the like) are gone.
func TestPruneUnusedGolden(t *testing.T) {
	checkCaseGoldens(t, PruneUnused, "widgets")
}

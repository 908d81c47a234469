package stages

import "testing"

// TestPlanConversionsGolden: in cachelite, the renamed property converts through $renamedFrom,
// the one only 2020-12-01 has and the one whose type changed travel in the property bag, and
// API types convert to their storage twins with casts for enums.
func TestPlanConversionsGolden(t *testing.T) {
	checkCaseGoldens(t, PlanConversions, "widgets", "cachelite")
}

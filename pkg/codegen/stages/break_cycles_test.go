package stages

import "testing"

// TestBreakCyclesGolden: the recursive Rule's children are Rule_Unrolled, a copy without the
// properties that lead back to Rule (Rule_STATUS likewise, through Rule_STATUS_Unrolled).
func TestBreakCyclesGolden(t *testing.T) {
	checkCaseGoldens(t, BreakCycles, "widgets")
}

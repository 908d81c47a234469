package stages

import "testing"

// TestCheckNamesGolden: a check passes the state on unchanged. (Its failures need names that
// split-spec-status and configapply already keep from clashing, so no config reaches them.)
func TestCheckNamesGolden(t *testing.T) {
	checkCaseGoldens(t, CheckNames, "widgets")
}

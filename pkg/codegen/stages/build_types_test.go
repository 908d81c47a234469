package stages

import "testing"

// TestBuildTypesGolden: the raw types, as the swagger declares them and under its names; every
// later golden reads as a change from this one.
func TestBuildTypesGolden(t *testing.T) {
	checkCaseGoldens(t, BuildTypes, "widgets")
}

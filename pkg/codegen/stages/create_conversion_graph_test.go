package stages

import "testing"

// TestCreateConversionGraphGolden: in cachelite the storage twin of the newest version is the
// hub (the only storage version) and the older one converts to it; in widgets each kind's
// single version is its own hub.
func TestCreateConversionGraphGolden(t *testing.T) {
	checkCaseGoldens(t, CreateConversionGraph, "widgets", "cachelite")
}

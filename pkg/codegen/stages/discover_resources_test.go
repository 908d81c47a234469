package stages

import "testing"

// TestDiscoverResourcesGolden: resources come from PUT paths (one per scope in widgets, child
// and grandchild included) and each configured $export matches one of them.
func TestDiscoverResourcesGolden(t *testing.T) {
	checkCaseGoldens(t, DiscoverResources, "widgets")
}

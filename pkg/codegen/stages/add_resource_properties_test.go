package stages

import "testing"

// TestAddResourcePropertiesGolden: every spec gains operatorSpec and azureName (but the singleton
// WidgetsSetting, whose resource gets a fixed azure name instead), and an owner: the resource
// group or the parent kind (tagged with its group and kind), any resource for the extension
// Lock, none at subscription and tenant scope; every status gains conditions. In routes the
// PUT body of RoutersPolicy is polymorphic: its spec and status stay unions whose variants are
// listed apart from the properties added here.
func TestAddResourcePropertiesGolden(t *testing.T) {
	checkCaseGoldens(t, AddResourceProperties, "widgets", "routes")
}

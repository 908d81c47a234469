package specstatus

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// A status enum must take any value Azure reports (modelAsString enums grow), so its copy for
// the status carries no enum validation, while the spec's copy still restricts what users write.
func TestSplitStatusEnumsAreOpen(t *testing.T) {
	tier := astmodel.Definition{Name: tn("Tier"), Type: astmodel.EnumType{Base: astmodel.StringType,
		Values: []astmodel.EnumValue{{Identifier: "Basic", Value: "Basic"}, {Identifier: "Premium", Value: "Premium"}}}}
	out := Split(definitions(object("WidgetResource", prop("location", optString, required), prop("tier", opt("Tier"))), tier),
		[]*selection.Export{export("Widget", "WidgetResource")})
	marker := func(name string) string {
		d, ok := out[tn(name)]
		if !ok {
			t.Fatalf("no %s in the output", name)
		}
		return astmodel.EnumMarker(d.Type.(astmodel.EnumType))
	}
	if got := marker("Tier"); got == "" {
		t.Errorf("spec enum Tier: no validation marker, want the values listed")
	}
	if got := marker("Tier_STATUS"); got != "" {
		t.Errorf("status enum Tier_STATUS: marker %q, want none (Azure may report values the list lacks)", got)
	}
}

package stages

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// TestNameClashesAreReportedBeforeConversions: a clash that appears late (here two properties of
// Widget_Spec with one JSON name, as a rename could make) is reported by check-names, with the
// swagger location and the $renameTo that fixes it, not by plan-conversions as a pairing that
// failed for reasons the user cannot act on.
func TestNameClashesAreReportedBeforeConversions(t *testing.T) {
	cfg := loadCase(t, "widgets")
	const source = "widgets/resource-manager/Microsoft.Widgets/stable/2021-01-01/widgets.json#/definitions/WidgetProperties/properties/size-hint"
	clash := withOutput(func(defs astmodel.Definitions) astmodel.Definitions {
		return mapObjects(defs, func(d astmodel.Definition) bool {
			return d.Name.Name == "Widget_Spec" && d.Name.Package.IsAPIVersion()
		}, func(o *astmodel.ObjectType) *astmodel.ObjectType {
			first := o.Properties()[0]
			return o.WithProperties(&astmodel.Property{Name: first.Name + "Hint", JSONName: first.JSONName, ARMName: "size-hint",
				Type: astmodel.OptionalType{Element: astmodel.StringType}, Source: source})
		})
	})
	var list []pipeline.Stage
	for _, st := range All() {
		if st.ID == CreateARMTypes {
			st = clash(st)
		}
		list = append(list, st)
		if st.ID == PlanConversions {
			break
		}
	}
	_, err := runStages(cfg, list, nil)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"check-names: ", source, "WidgetProperties: {size-hint: {$renameTo: "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not say %q:\n%v", want, err)
		}
	}
}

package stages

import (
	"testing"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// TestAddExportedValuesGolden: Widget's operatorSpec gains secrets (primaryKey and secondaryKey
// found in the response of listKeys, serialNumber in the GET response, key1 and ruleKey where
// the config says) and configMaps (status paths read on the wire), and the resource records
// where each value is read.
func TestAddExportedValuesGolden(t *testing.T) {
	checkCaseGoldens(t, AddExportedValues, "widgets")
}

// The exports point into the loaded swagger (each resource's body and response schemas, and
// through them their documents), so keeping them past the last stage that reads the corpus kept
// the documents alive to create-conversion-graph, the exports' last reader. add-exported-values
// drops those schemas when no later stage reads the corpus, and keeps them when one does (gen
// --audit's audit-properties).
func TestAddExportedValuesDropsTheSwaggerNoLaterStageReads(t *testing.T) {
	cfg := loadCase(t, "widgets")
	plain, _ := Upto(CreateConversionGraph)
	audited := Audited(plain)
	for name, c := range map[string]struct {
		list     []pipeline.Stage
		wantKept bool
	}{"plain": {plain, false}, "audited": {audited, true}} {
		t.Run(name, func(t *testing.T) {
			var exps selection.Exports
			_, err := runStages(cfg, c.list, func(id string, s pipeline.State) error {
				if id == AddExportedValues {
					exps = mustGet(t, s, exportsKey)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(exps) == 0 {
				t.Fatal("no exports after add-exported-values")
			}
			for _, e := range exps {
				kept := e.Resource.Body.Doc != nil || e.Resource.Body.Schema != nil || e.Resource.Response.Doc != nil
				if kept != c.wantKept {
					t.Errorf("%s: body and response schemas kept after add-exported-values: %v, want %v", e.Name(), kept, c.wantKept)
				}
			}
		})
	}
}

package stages

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCreateARMTypesGolden: every object a spec or status reaches has a wire twin in the arm
// package, flattened properties back inside their envelopes under their wire names, references
// and enums as strings, unions still unions; widgets has all of these. In routes a resource's
// spec is itself a union: its wire twin carries the name beside the variants.
func TestCreateARMTypesGolden(t *testing.T) {
	checkCaseGoldens(t, CreateARMTypes, "widgets", "cachelite", "routes")
}

// TestEveryStageHasAGolden: a stage added to the pipeline without a golden test of its own
// fails here.
func TestEveryStageHasAGolden(t *testing.T) {
	for _, id := range IDs(All()) {
		goldens, err := filepath.Glob(filepath.Join("testdata", id, "*.golden"))
		if err != nil || len(goldens) == 0 {
			t.Errorf("stage %s has no golden in testdata/%s: add a test calling checkStageGolden", id, id)
		}
	}
	if _, err := os.Stat("testdata"); err != nil {
		t.Fatal(err)
	}
}

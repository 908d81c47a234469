package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// Each stage's profile is named for its place and id, so that a folder of them sorts in run order.
func TestStageHeapProfilesWritesOneProfilePerStage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "heap")
	var seen []string
	observe, err := stageHeapProfiles(dir, func(r pipeline.Report) { seen = append(seen, r.Stage.ID) })
	if err != nil {
		t.Fatal(err)
	}
	observe(pipeline.Report{Stage: pipeline.Stage{ID: "load-specs"}, Index: 1, Total: 2})
	observe(pipeline.Report{Stage: pipeline.Stage{ID: "emit-go"}, Index: 9, Total: 10})
	for _, name := range []string{"02-load-specs.heap", "10-emit-go.heap"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("no profile %s: %v", name, err)
		}
		if info.Size() == 0 {
			t.Fatalf("profile %s is empty", name)
		}
	}
	if len(seen) != 2 {
		t.Fatalf("the stage printer saw %v, want both stages", seen)
	}
}

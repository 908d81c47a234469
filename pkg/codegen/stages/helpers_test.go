package stages

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// casesDir holds the end-to-end golden cases; their configs and the fixture spec root serve the
// stage tests too.
const casesDir = "../../../specs/testdata/cases"

// fixtureRoot is the spec root of hand-written swagger the cases use.
const fixtureRoot = "../../../specs/testdata/specification"

// loadCase reads the azure-arm.yaml of a golden case.
func loadCase(t *testing.T, name string) *config.Config {
	t.Helper()
	cfg, err := config.Load(filepath.Join(casesDir, name, "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// parseConfig parses a config written in a test, with the fixture spec root.
func parseConfig(t *testing.T, model string) *config.Config {
	t.Helper()
	root, err := filepath.Abs(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse(filepath.Join(t.TempDir(), "azure-arm.yaml"), []byte("specRoot: "+root+"\n"+model))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// runTo runs the pipeline over cfg up to and including the stage id.
func runTo(cfg *config.Config, id string) (pipeline.State, error) {
	list, ok := Upto(id)
	if !ok {
		return pipeline.State{}, fmt.Errorf("no stage %q", id)
	}
	return runStages(cfg, list, nil)
}

// runStages runs a stage list over cfg, as gen would; after, when set, sees the state after
// each stage.
func runStages(cfg *config.Config, list []pipeline.Stage, after func(id string, s pipeline.State) error) (pipeline.State, error) {
	in := Inputs{Config: cfg, SpecRoot: cfg.ResolvePath(cfg.SpecRoot)}
	return pipeline.Runner{Stages: list, AfterStage: after}.Run(context.Background(), in.State())
}

func mustGet[T any](t *testing.T, s pipeline.State, k pipeline.Key[T]) T {
	t.Helper()
	v, err := pipeline.Get(s, k)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

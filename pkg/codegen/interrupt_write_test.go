package codegen

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/stages"
)

// An interrupt after the last stage, while the output is written, leaves the output folder as it
// was and no staging folder behind, and the error says what was stopped: a bare "context
// canceled" told the user neither where the run was nor that nothing was replaced.
func TestGenerateInterruptedWhileWritingSaysSo(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "cachelite", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	ids := stages.IDs(stages.All())
	last := ids[len(ids)-1]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	observe := func(r pipeline.Report) {
		if r.Stage.ID == last {
			cancel()
		}
	}
	_, err = Generate(ctx, Options{Config: cfg, OutputDir: out, Observe: observe})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the cancellation", err)
	}
	if !strings.Contains(err.Error(), out) {
		t.Errorf("error %q does not name the output folder it left as it was", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists after an interrupted run (%v)", out, err)
	}
	if left := stagingDirs(t, parent, "out"); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

package codegen

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/stages"
)

// TestGenerateWritesGoFilesWhileLaterStagesRun: the Go files are rendered long before the CRDs
// and docs; writing all ten thousand files of the whole corpus only after the last stage kept a
// core idle for seconds. Once emit-go has run, its files appear in the staging folder beside the
// output while the later stages still run; the output folder itself is untouched until the end,
// and then holds exactly what a plain write would.
func TestGenerateWritesGoFilesWhileLaterStagesRun(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "cachelite", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	var stagedGo, outExisted bool
	observe := func(r pipeline.Report) {
		if r.Stage.ID != stages.CheckConfigConsumed {
			return
		}
		_, statErr := os.Stat(out)
		outExisted = statErr == nil
		// The writer runs in the background: give it a moment.
		for deadline := time.Now().Add(10 * time.Second); !stagedGo && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			stagedGo = stagingHasGoFile(t, parent, "out")
		}
	}
	res, err := Generate(context.Background(), Options{Config: cfg, OutputDir: out, Observe: observe})
	if err != nil {
		t.Fatal(err)
	}
	if !stagedGo {
		t.Errorf("no Go file in a staging folder beside %s when the last stage had run: the output is written only after every stage", out)
	}
	if outExisted {
		t.Errorf("%s existed before the run finished", out)
	}
	got, err := output.ReadTree(out)
	if err != nil {
		t.Fatal(err)
	}
	// The Go files written while later stages ran are listed without content (the run does not
	// hold them to the end); what was written is what Run renders.
	rendered, err := Run(context.Background(), Options{Config: cfg, OutputDir: out})
	if err != nil {
		t.Fatal(err)
	}
	want := output.WithManifest(rendered.Files)
	if len(res.Files) != len(rendered.Files) {
		t.Errorf("Generate lists %d files, Run renders %d", len(res.Files), len(rendered.Files))
	}
	for p := range want {
		if string(got[p]) != string(want[p]) {
			t.Errorf("%s: written content differs from the rendered file", p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: written but not rendered", p)
		}
	}
	if left := stagingDirs(t, parent, "out"); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestGenerateRemovesStagedFilesOnFailure: a run that fails after emit-go (here its context is
// cancelled once emit-crds has run) leaves no staging folder and no output folder behind.
// TestGenerateHoldsNoGoFileItHasWritten: the Go files are most of the output's bytes and are
// written out while emit-crds runs; kept in memory to the end, they took the collector room under
// the memory limit for the whole second half of a run. Generate's result lists them with nil
// content; the CRDs, written at the end, keep theirs.
func TestGenerateHoldsNoGoFileItHasWritten(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "cachelite", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(context.Background(), Options{Config: cfg, OutputDir: filepath.Join(t.TempDir(), "out")})
	if err != nil {
		t.Fatal(err)
	}
	var goFiles, crds int
	for p, data := range res.Files {
		switch {
		case strings.HasPrefix(p, "crds/"): // emit-crds' (crds.go embeds them)
			crds++
			if len(data) == 0 {
				t.Errorf("%s: a CRD lost its content", p)
			}
		case strings.HasSuffix(p, ".go"):
			goFiles++
			if data != nil {
				t.Errorf("%s: Generate still holds the %d bytes of a Go file it has written", p, len(data))
			}
		}
	}
	if goFiles == 0 || crds == 0 {
		t.Fatalf("%d Go files and %d CRDs in the result, want some of each", goFiles, crds)
	}
}

func TestGenerateRemovesStagedFilesOnFailure(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "cachelite", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	observe := func(r pipeline.Report) {
		if r.Stage.ID == stages.EmitCRDs {
			cancel()
		}
	}
	if _, err := Generate(ctx, Options{Config: cfg, OutputDir: out, Observe: observe}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the cancellation", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists after a failed run (%v)", out, err)
	}
	if left := stagingDirs(t, parent, "out"); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// stagingDirs lists the staging folders of base in parent.
func stagingDirs(t *testing.T, parent, base string) []string {
	t.Helper()
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+base+".new-") {
			out = append(out, filepath.Join(parent, e.Name()))
		}
	}
	return out
}

// stagingHasGoFile reports whether a staging folder of base in parent holds a .go file.
func stagingHasGoFile(t *testing.T, parent, base string) bool {
	t.Helper()
	for _, dir := range stagingDirs(t, parent, base) {
		found := false
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
		if found {
			return true
		}
	}
	return false
}

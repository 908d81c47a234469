package stages

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/armgen/armgen/internal/testflags"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// A stage golden is the state dump (pipeline.Dump) after one stage over one case, kept in
// testdata/<stage>/<case>.golden. Running with -update rewrites them; the review is their diff,
// which shows what a change does to each stage's output.

// updateCommand is what the failure messages ask for.
const updateCommand = "go test ./pkg/codegen/stages -update"

// checkStageGolden compares the state after stageID, over cfg, with its golden, or rewrites the
// golden under -update. caseName names the golden file and the run cache: one name, one config.
func checkStageGolden(t *testing.T, stageID, caseName string, cfg *config.Config) {
	t.Helper()
	got, err := stageDump(cfg, caseName, stageID)
	if err != nil {
		t.Fatal(err)
	}
	path := goldenPath(stageID, caseName)
	if *testflags.Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	diff, err := goldenDiff(stageID, caseName, got)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no golden %s; run %s to write it, then review it", path, updateCommand)
	}
	if err != nil {
		t.Fatal(err)
	}
	if diff != "" {
		t.Errorf("the state after %s over %s differs from %s (-golden +got).\nIf the change is intended, run %s and review the goldens' diff.\n%s",
			stageID, caseName, path, updateCommand, diff)
	}
}

func goldenPath(stageID, caseName string) string {
	return filepath.Join("testdata", stageID, caseName+".golden")
}

func readGolden(stageID, caseName string) (string, error) {
	data, err := os.ReadFile(goldenPath(stageID, caseName))
	return string(data), err
}

// goldenDiff compares a dump with the golden of a stage and case: "" when they are the same,
// else a line diff (-golden +got).
func goldenDiff(stageID, caseName, got string) (string, error) {
	want, err := readGolden(stageID, caseName)
	if err != nil {
		return "", err
	}
	return lineDiff(want, got), nil
}

// dumpState renders a state as the goldens hold it.
func dumpState(s pipeline.State) (string, error) {
	var b bytes.Buffer
	err := pipeline.Dump(&b, s)
	return b.String(), err
}

// caseRun is one run of the whole pipeline over a case, with the dump taken after each stage.
// A dump taken as a stage finishes is the state runTo would stop at, so one run serves the
// golden of every stage: seventeen runs of growing prefixes would cost several times as much.
// Broken pipelines (golden_mutations_test.go) never go through this cache.
type caseRun struct {
	cfg   *config.Config
	dumps map[string]string
	// err is the error the run stopped at, in the stage failedAt; later stages have no dump.
	err      error
	failedAt string
}

var (
	caseRunsMu sync.Mutex
	caseRuns   = map[string]*caseRun{}
)

// stageDump returns the dump after stageID of a run over cfg, running the pipeline once per case.
// When the run failed in stageID, the failure is the stage's output (a checking stage's rule is
// to fail) and the dump is its error; a failure earlier is an error.
func stageDump(cfg *config.Config, caseName, stageID string) (string, error) {
	if _, ok := Upto(stageID); !ok {
		return "", fmt.Errorf("no stage %q", stageID)
	}
	caseRunsMu.Lock()
	defer caseRunsMu.Unlock()
	r, ok := caseRuns[caseName]
	if ok && !sameConfig(r.cfg, cfg) {
		// Otherwise the second config would silently be compared using the first one's run.
		return "", fmt.Errorf("case %q is used with two different configs; give each its own case name", caseName)
	}
	if !ok {
		r = &caseRun{cfg: cfg, dumps: map[string]string{}}
		all := All()
		_, r.err = runStages(cfg, all, func(id string, s pipeline.State) error {
			d, err := dumpState(s)
			r.dumps[id] = d
			return err
		})
		if r.err != nil && len(r.dumps) < len(all) {
			r.failedAt = all[len(r.dumps)].ID
		}
		caseRuns[caseName] = r
	}
	if d, ok := r.dumps[stageID]; ok {
		return d, nil
	}
	if stageID == r.failedAt {
		return failureDump(r.cfg, stageID, r.err), nil
	}
	return "", fmt.Errorf("%s: the pipeline stopped before %s: %w", caseName, stageID, r.err)
}

// failureDump is the golden of a stage that failed. Configs written in tests live in temporary
// folders, so the config's path is cut to its file name.
func failureDump(cfg *config.Config, stageID string, err error) string {
	msg := err.Error()
	if cfg.File != "" {
		msg = strings.ReplaceAll(msg, cfg.File, filepath.Base(cfg.File))
	}
	return "# " + stageID + " failed\n" + msg + "\n"
}

// sameConfig tells configs of the same content apart from those that differ: parseConfig
// writes each into its own temporary folder, which must not count as a difference.
func sameConfig(a, b *config.Config) bool {
	if a == b {
		return true
	}
	norm := func(c *config.Config) config.Config {
		n := *c
		n.SpecRoot = c.ResolvePath(c.SpecRoot)
		n.File, n.Dir = "", ""
		return n
	}
	return reflect.DeepEqual(norm(a), norm(b))
}

// definitionBlock returns the lines of one definition in a dump (its header and its indented
// property lines), or "" when the package has no such definition.
func definitionBlock(dump, pkg, name string) string {
	lines := strings.Split(dump, "\n")
	inPkg := false
	for i, l := range lines {
		if strings.HasPrefix(l, "# ") {
			inPkg = l == "# package "+pkg
			continue
		}
		if !inPkg || !strings.HasPrefix(l, name+" = ") {
			continue
		}
		end := i + 1
		for end < len(lines) && strings.HasPrefix(lines[end], "  ") {
			end++
		}
		return strings.Join(lines[i:end], "\n")
	}
	return ""
}

// checkCaseGoldens checks a stage's golden over each named case of specs/testdata/cases.
func checkCaseGoldens(t *testing.T, stageID string, cases ...string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			checkStageGolden(t, stageID, c, loadCase(t, c))
		})
	}
}

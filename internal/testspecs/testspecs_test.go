package testspecs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordingTB stands in for a test so that Root's skip or failure is observed rather than
// suffered (a real skip here would show as a skip in CI, which CI refuses).
type recordingTB struct {
	testing.TB
	skipped, failed bool
	msg             string
}

type stop struct{}

func (r *recordingTB) Helper()      {}
func (r *recordingTB) Name() string { return "TestNeedsSpecs" }
func (r *recordingTB) Skip(args ...any) {
	r.skipped, r.msg = true, sprint(args...)
	panic(stop{})
}
func (r *recordingTB) Fatal(args ...any) { r.failed, r.msg = true, sprint(args...); panic(stop{}) }
func (r *recordingTB) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, format
	panic(stop{})
}

func sprint(args ...any) string {
	var b strings.Builder
	for _, a := range args {
		if s, ok := a.(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

func (r *recordingTB) root() (root string) {
	defer func() {
		if p := recover(); p != nil && p != (stop{}) {
			panic(p)
		}
	}()
	return Root(r)
}

// TestRootWithoutSpecsSkipsOutsideCIAndFailsInCI: with no spec root, Root skips with a message
// saying how to get the specs, except under CI=true, where it fails with that message.
func TestRootWithoutSpecsSkipsOutsideCIAndFailsInCI(t *testing.T) {
	t.Setenv(Env, filepath.Join(t.TempDir(), "missing"))
	t.Setenv("CI", "")
	r := &recordingTB{}
	r.root()
	if !r.skipped || r.failed || !strings.Contains(r.msg, "make specs") || !strings.Contains(r.msg, Env) {
		t.Errorf("outside CI: skipped %v failed %v message %q; want a skip saying how to get the specs", r.skipped, r.failed, r.msg)
	}
	t.Setenv("CI", "true")
	r = &recordingTB{}
	r.root()
	if r.skipped || !r.failed || !strings.Contains(r.msg, "make specs") {
		t.Errorf("in CI: skipped %v failed %v message %q; want a failure saying how to get the specs", r.skipped, r.failed, r.msg)
	}
}

// TestLookupFallsBackToAzureARMYaml: without ARMGEN_SPEC_ROOT the root is azure-arm.yaml's
// specRoot, relative to that file, found from a folder below it.
func TestLookupFallsBackToAzureARMYaml(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "azure-arm.yaml"), []byte("specRoot: specs/spec\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	below := filepath.Join(dir, "pkg", "x")
	for _, d := range []string{below, filepath.Join(dir, "specs", "spec")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(Env, "")
	t.Chdir(below)
	got, err := Lookup()
	if want := filepath.Join(dir, "specs", "spec"); err != nil || got != want {
		t.Errorf("Lookup() = %q, %v; want %q", got, err, want)
	}
	if err := os.Remove(filepath.Join(dir, "specs", "spec")); err != nil {
		t.Fatal(err)
	}
	if _, err := Lookup(); err == nil || !strings.Contains(err.Error(), "specs/spec") {
		t.Errorf("a specRoot that is not there: %v, want an error naming it", err)
	}
	t.Setenv(Env, dir)
	if got, err := Lookup(); err != nil || got != dir {
		t.Errorf("with %s set: %q, %v", Env, got, err)
	}
}

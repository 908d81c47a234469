package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckAdviceKeepsTheFlags: when check finds drift, the command it advises is gen with the
// flags check was given (--package, --spec-root, -o), which regenerates what check expected;
// make generate, which takes none of them, would not.
func TestCheckAdviceKeepsTheFlags(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	root, err := filepath.Abs(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out dir")
	flags := []string{"-c", cfg, "--spec-root", root, "--package", "example.com/other/generated"}
	if _, stderr, err := run(t, append(flags, "-o", out, "-q")...); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	if _, stderr, err := run(t, append(flags, "check", "-o", out, "-q")...); err != nil {
		t.Fatalf("check right after gen with the same flags: %v\n%s", err, stderr)
	}
	if err := os.Remove(filepath.Join(out, "widgets", "v1api20210101", "groupversion_info_gen.go")); err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, append(flags, "check", "-o", out, "-q")...)
	want := "run `go run ./cmd/gen -c " + cfg + " --spec-root " + root + " --package example.com/other/generated -o '" + out + "'` and commit the result"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got  %v\nwant …%s", err, want)
	}
}

// TestCheckAll: gen check --all --out checks the output of gen --all --out.
func TestCheckAll(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	out := filepath.Join(t.TempDir(), "all")
	if _, stderr, err := run(t, "-c", cfg, "--all", "-o", out, "-q"); err != nil {
		t.Fatalf("gen --all: %v\n%s", err, stderr)
	}
	if _, stderr, err := run(t, "-c", cfg, "check", "--all", "-o", out); err != nil || !strings.Contains(stderr, "up to date") {
		t.Fatalf("check --all right after gen --all: %v\n%s", err, stderr)
	}
	// Without --all the configured set is compared with the --all output, which differs.
	if _, _, err := run(t, "-c", cfg, "check", "-o", out, "-q"); err == nil {
		t.Fatal("check without --all matched the output of gen --all")
	}
}

// TestCrdsRefusesGenerationFlags: gen crds bundles CRDs already generated, so --spec-root and
// --package, which only steer generation, are refused instead of silently ignored.
func TestCrdsRefusesGenerationFlags(t *testing.T) {
	for _, flag := range []string{"--spec-root", "--package"} {
		_, _, err := runGen(t, "crds", "--pattern", "resources.azure.com/*", "--crd-dir", generatedCRDs, flag, "x", "-o", filepath.Join(t.TempDir(), "b.yaml"))
		if err == nil || !strings.Contains(err.Error(), flag+" does not apply") || !strings.Contains(err.Error(), "--crd-dir") {
			t.Errorf("crds %s x: %v", flag, err)
		}
	}
}

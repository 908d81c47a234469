package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	pinnedSHA = "57a7be857d79c80eb31eefa65173fc31a80b7449"
	otherSHA  = "0123456789abcdef0123456789abcdef01234567"
)

// pinnedConfig writes a config pinning pinnedSHA, with the given specRoot
// (absolute, or relative to the config), and returns its path.
func pinnedConfig(t *testing.T, dir, specRoot string) string {
	t.Helper()
	t.Setenv(specRootEnv, "")
	t.Setenv(specsRepoEnv, "")
	file := filepath.Join(dir, "azure-arm.yaml")
	body := "specRepository: https://github.com/Azure/azure-rest-api-specs\nspecCommit: " + pinnedSHA +
		"\nspecRoot: " + specRoot + "\noutputPath: generated\noutputPackage: example.com/w/generated\nobjectModelConfiguration:\n" + widgets
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// copyFixture copies the fixture spec root to dst.
func copyFixture(t *testing.T, dst string) {
	t.Helper()
	err := filepath.WalkDir(fixtureRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(fixtureRoot, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeProvenance(t *testing.T, checkout, commit string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(checkout, "PROVENANCE.md"), []byte("A snapshot (upstream commit "+commit+").\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSpecDriftWarning: gen, gen check (even with -q) and gen specs warn when the spec root is at
// another commit than the pinned one, and stay quiet when it is at the pinned commit.
func TestSpecDriftWarning(t *testing.T) {
	checkout := filepath.Join(t.TempDir(), "azure-rest-api-specs")
	root := filepath.Join(checkout, "specification")
	copyFixture(t, root)
	writeProvenance(t, checkout, otherSHA)
	cfg := pinnedConfig(t, t.TempDir(), root)

	want := "warning: spec root " + root + " is at commit 0123456789ab (from " + filepath.Join(checkout, "PROVENANCE.md") +
		"), azure-arm.yaml pins 57a7be857d79: generated output may differ from the committed tree"
	_, stderr, err := run(t, "-c", cfg)
	if err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("gen printed no drift warning:\n%s", stderr)
	}
	_, stderr, err = run(t, "-c", cfg, "check", "-q")
	if err != nil {
		t.Fatalf("check: %v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("check -q printed no drift warning:\n%s", stderr)
	}
	stdout, stderr, err := run(t, "-c", cfg, "specs")
	if err != nil {
		t.Fatalf("specs: %v\n%s", err, stderr)
	}
	for _, line := range []string{
		"spec root  " + root + " (specRoot in " + cfg + ")",
		"commit     " + otherSHA + " (from " + filepath.Join(checkout, "PROVENANCE.md") + ")",
		"pinned     " + pinnedSHA + " of https://github.com/Azure/azure-rest-api-specs (specCommit in " + cfg + ")",
	} {
		if !strings.Contains(stdout, line+"\n") {
			t.Errorf("specs output lacks %q:\n%s", line, stdout)
		}
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("specs printed no drift warning:\n%s", stderr)
	}

	writeProvenance(t, checkout, pinnedSHA)
	if _, stderr, err := run(t, "-c", cfg, "check", "-q"); err != nil || strings.Contains(stderr, "warning") {
		t.Errorf("at the pinned commit: err %v, stderr:\n%s", err, stderr)
	}
}

// TestSpecsFetchOffline: on a fresh clone (no spec root, ARMGEN_SPEC_ROOT unset) without a
// network, fetch fails with one message that names the settings that avoid fetching, and leaves
// nothing behind.
func TestSpecsFetchOffline(t *testing.T) {
	dir := t.TempDir()
	cfg := pinnedConfig(t, dir, "specs/azure-rest-api-specs/specification")
	if err := os.Mkdir(filepath.Join(dir, "specs"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := run(t, "-c", cfg, "specs", "fetch", "--repo", "file:///nonexistent")
	if err == nil {
		t.Fatalf("fetch from a missing repository succeeded:\n%s", stderr)
	}
	msg := err.Error()
	for _, want := range []string{
		"cannot fetch the ARM specs (file:///nonexistent at " + pinnedSHA + ")",
		"Offline?",
		"ARMGEN_SPEC_ROOT=/path/to/azure-rest-api-specs/specification",
		"--spec-root",
		"specRoot in azure-arm.yaml",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "specs")); len(entries) != 0 {
		t.Errorf("a failed fetch left %v in specs/", entries)
	}
}

// TestSpecsFetchHandPickedRoot: a spec root named by --spec-root or ARMGEN_SPEC_ROOT is never
// fetched into; a missing one is an error that names the setting.
func TestSpecsFetchHandPickedRoot(t *testing.T) {
	dir := t.TempDir()
	cfg := pinnedConfig(t, dir, "specs/azure-rest-api-specs/specification")
	missing := filepath.Join(dir, "elsewhere", "specification")

	t.Setenv(specRootEnv, missing)
	_, _, err := run(t, "-c", cfg, "specs", "fetch", "--repo", "file:///nonexistent")
	if err == nil || !strings.HasPrefix(err.Error(), specRootEnv+" names "+missing+", which does not exist") {
		t.Errorf("ARMGEN_SPEC_ROOT: %v", err)
	}
	t.Setenv(specRootEnv, "")
	_, _, err = run(t, "-c", cfg, "--spec-root", missing, "specs", "fetch", "--repo", "file:///nonexistent")
	if err == nil || !strings.HasPrefix(err.Error(), "--spec-root names "+missing+", which does not exist") {
		t.Errorf("--spec-root: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "elsewhere")); err == nil {
		t.Error("fetch made a folder at a hand-picked path")
	}
}

// TestSpecsFetchAndGenerate is the two-command start with a mirror standing in for GitHub: fetch
// the pinned commit into specRoot's checkout, then generate from it without a warning; a second
// fetch does nothing.
func TestSpecsFetchAndGenerate(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(v, "armgen-test")
	}
	mirror := t.TempDir()
	copyFixture(t, filepath.Join(mirror, "specification"))
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = mirror
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("config", "uploadpack.allowAnySHA1InWant", "true")
	git("config", "uploadpack.allowFilter", "true")
	git("add", "-A")
	git("commit", "-q", "-m", "fixture specs")
	commit := git("rev-parse", "HEAD")

	dir := t.TempDir()
	cfgFile := pinnedConfig(t, dir, "specs/azure-rest-api-specs/specification")
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgFile, []byte(strings.Replace(string(data), pinnedSHA, commit, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(specsRepoEnv, "file://"+filepath.ToSlash(mirror))

	if _, stderr, err := run(t, "-c", cfgFile, "specs", "fetch"); err != nil {
		t.Fatalf("fetch: %v\n%s", err, stderr)
	}
	root := filepath.Join(dir, "specs", "azure-rest-api-specs", "specification")
	stdout, _, err := run(t, "-c", cfgFile, "specs")
	if err != nil || !strings.Contains(stdout, "commit     "+commit+" (from ") {
		t.Errorf("specs after fetch: %v\n%s", err, stdout)
	}
	_, stderr, err := run(t, "-c", cfgFile)
	if err != nil {
		t.Fatalf("gen from the fetched specs: %v\n%s", err, stderr)
	}
	if strings.Contains(stderr, "warning") {
		t.Errorf("gen warned about the pinned commit:\n%s", stderr)
	}
	_, stderr, err = run(t, "-c", cfgFile, "specs", "fetch")
	if err != nil || !strings.Contains(stderr, "spec root "+root+" (specRoot in "+cfgFile+") exists; nothing to fetch") {
		t.Errorf("second fetch: %v\n%s", err, stderr)
	}
}

package specsnapshot

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// isolateGit keeps the machine's git configuration out of the tests and
// gives commits an author.
func isolateGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(v, "armgen-test")
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// sourceRepo makes an upstream look-alike with two commits and returns its
// file:// URL and the first commit, which a later commit changes, so that a
// fetch of the wrong commit shows.
func sourceRepo(t *testing.T) (url, first string) {
	t.Helper()
	dir := writeFiles(t, map[string]string{
		"README.md": "upstream\n",
		"specification/foo/resource-manager/Microsoft.Foo/stable/2021-01-01/x.json":          `{"v": 1}`,
		"specification/foo/resource-manager/Microsoft.Foo/stable/2021-01-01/examples/e.json": `{}`,
		"specification/foo/data-plane/z.json":                                                `{}`,
		"specification/common-types/resource-management/v2/y.json":                           `{}`,
		"specification/synapse/common/v1/types.json":                                         `{}`,
	})
	git(t, dir, "init", "-q")
	// A server hands out a commit by id only when told it may; the filter
	// is what makes the fetch download trees without blobs.
	git(t, dir, "config", "uploadpack.allowReachableSHA1InWant", "true")
	git(t, dir, "config", "uploadpack.allowAnySHA1InWant", "true")
	git(t, dir, "config", "uploadpack.allowFilter", "true")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "first")
	first = git(t, dir, "rev-parse", "HEAD")
	x := filepath.Join(dir, "specification/foo/resource-manager/Microsoft.Foo/stable/2021-01-01/x.json")
	if err := os.WriteFile(x, []byte(`{"v": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "commit", "-q", "-am", "second")
	return "file://" + filepath.ToSlash(dir), first
}

func TestFetch(t *testing.T) {
	isolateGit(t)
	url, commit := sourceRepo(t)
	parent := filepath.Join(t.TempDir(), "specs") // not there yet: Fetch makes it
	dir := filepath.Join(parent, "azure-rest-api-specs")

	var stderr bytes.Buffer
	if err := Fetch(context.Background(), url, commit, dir, &stderr); err != nil {
		t.Fatalf("Fetch: %v\n%s", err, stderr.String())
	}

	data, err := os.ReadFile(filepath.Join(dir, "specification/foo/resource-manager/Microsoft.Foo/stable/2021-01-01/x.json"))
	if err != nil || string(data) != `{"v": 1}` {
		t.Errorf("x.json = %q, %v; want the pinned commit's content", data, err)
	}
	for _, want := range []string{"specification/common-types/resource-management/v2/y.json", "specification/synapse/common/v1/types.json", ".git/shallow"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("%s not checked out: %v", want, err)
		}
	}
	for _, unwanted := range []string{"specification/foo/data-plane", "specification/foo/resource-manager/Microsoft.Foo/stable/2021-01-01/examples", "README.md"} {
		if _, err := os.Stat(filepath.Join(dir, unwanted)); err == nil {
			t.Errorf("%s checked out; the sparse patterns should leave it out", unwanted)
		}
	}
	if got, _, ok := Commit(filepath.Join(dir, "specification")); !ok || got != commit {
		t.Errorf("Commit of the fetched checkout = %q, %v; want %s", got, ok, commit)
	}
	assertOnlyEntry(t, parent, "azure-rest-api-specs")

	// A second fetch refuses rather than mixing two checkouts.
	if err := Fetch(context.Background(), url, commit, dir, &stderr); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second Fetch: %v; want an error saying the folder exists", err)
	}
}

func TestFetchUnreachable(t *testing.T) {
	isolateGit(t)
	parent := t.TempDir()
	dir := filepath.Join(parent, "azure-rest-api-specs")
	err := Fetch(context.Background(), "file:///nonexistent", shaA, dir, &bytes.Buffer{})
	if err == nil {
		t.Fatal("Fetch from a missing repository succeeded")
	}
	msg := err.Error()
	for _, want := range []string{
		"cannot fetch the ARM specs (file:///nonexistent at " + shaA + "): ",
		"does not appear to be a git repository",
		"ARMGEN_SPEC_ROOT=/path/to/azure-rest-api-specs/specification",
		"--spec-root",
		"specRoot in azure-arm.yaml",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error spans lines:\n%s", msg)
	}
	assertOnlyEntry(t, parent, "")
}

func TestFetchUnknownCommit(t *testing.T) {
	isolateGit(t)
	url, _ := sourceRepo(t)
	parent := t.TempDir()
	err := Fetch(context.Background(), url, shaA, filepath.Join(parent, "azure-rest-api-specs"), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "cannot fetch the ARM specs ("+url+" at "+shaA+")") {
		t.Fatalf("Fetch of a commit the repository lacks: %v", err)
	}
	assertOnlyEntry(t, parent, "")
}

func TestFetchWithoutGit(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	parent := t.TempDir()
	err := Fetch(context.Background(), "https://example.com/specs", shaA, filepath.Join(parent, "azure-rest-api-specs"), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "git is not installed") || !strings.Contains(err.Error(), "ARMGEN_SPEC_ROOT") {
		t.Fatalf("Fetch without git: %v", err)
	}
	assertOnlyEntry(t, parent, "")
}

// assertOnlyEntry checks that dir holds exactly the named entry (none when
// name is ""): a fetch leaves no temporary folder behind, whatever happens.
func assertOnlyEntry(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{}
	if name != "" {
		want = []string{name}
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("%s holds %q, want %q", dir, names, want)
	}
}

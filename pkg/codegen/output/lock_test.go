package output

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/emit/docs"
)

// TestSecondRunIsRefusedWhileOneWrites: two gens writing the same output at once both passed the
// ownership check, wrote the same journal and raced their renames (one failed with ENOENT and
// could leave the journal behind). The second is now refused, naming the lock, until the first
// has ended.
func TestSecondRunIsRefusedWhileOneWrites(t *testing.T) {
	out := filepath.Join(t.TempDir(), "generated")
	release, err := Acquire(out, "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(out, "")
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), LockPath(out)) {
		t.Fatalf("second run while the first writes: err %v, want %v naming %s", err, ErrBusy, LockPath(out))
	}
	release()
	if _, err := os.Stat(LockPath(out)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file after release: %v, want it removed", err)
	}
	again, err := Acquire(out, "")
	if err != nil {
		t.Fatalf("a run after the first ended: %v", err)
	}
	again()
}

// TestStagingLeftByAKilledRunIsRemoved: a run killed before its swap (SIGKILL, a lost machine)
// left its hidden staging folder beside the output (267 MB for the whole corpus), and no later
// run removed it. The next run holding the output removes it, and nothing else.
func TestStagingLeftByAKilledRunIsRemoved(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "generated")
	docsDir := filepath.Join(root, "docs")
	stale := []string{
		filepath.Join(root, ".generated.new-1234", "x", "types_gen.go"),
		filepath.Join(root, ".generated.new-99.old", "y.go"),
		filepath.Join(docsDir, "."+docs.IndexFile+".new-5"),
		filepath.Join(docsDir, "."+docs.GroupDir+".new-7", "page.md"),
	}
	kept := []string{
		filepath.Join(root, ".other.new-1", "z.go"),
		filepath.Join(root, "generated.new-1", "not-hidden.go"),
		filepath.Join(docsDir, "guide.md"),
		filepath.Join(docsDir, ".guide.md.new-5"),
	}
	for _, p := range append(append([]string{}, stale...), kept...) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	release, err := Acquire(out, docsDir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	for _, p := range stale {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left by a killed run: still there (%v)", p, err)
		}
	}
	for _, p := range kept {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s is not a staging entry of the output, but: %v", p, err)
		}
	}
}

// TestRefusedOutputIsReleased: a run refused by the ownership check lets the next one in.
func TestRefusedOutputIsReleased(t *testing.T) {
	out := filepath.Join(t.TempDir(), "generated")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "mine.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(out, ""); err == nil || errors.Is(err, ErrBusy) {
		t.Fatalf("output holding a file gen did not write: err %v, want it refused as not ours", err)
	}
	if err := os.Remove(filepath.Join(out, "mine.txt")); err != nil {
		t.Fatal(err)
	}
	release, err := Acquire(out, "")
	if err != nil {
		t.Fatalf("after the refusal: %v, want the output free", err)
	}
	release()
}

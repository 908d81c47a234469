package codegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testspecs"
)

// TestInterrupt runs the gen binary over the whole corpus and sends SIGINT as soon as it starts
// writing its output: the output directory must be left exactly as it was, with no temporary
// directory behind.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("takes time: it generates the whole corpus")
	}
	root := testspecs.Root(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "gen")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/gen").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	sentinel := filepath.Join(out, "keep.txt")
	if err := os.WriteFile(sentinel, []byte("before"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--all", "-q", "--out", out, "--spec-root", root, "--config", "../../azure-arm.yaml")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(10 * time.Minute)
	for writing := false; !writing; {
		select {
		case err := <-done:
			t.Fatalf("finished before it started writing (%v); nothing was interrupted", err)
		case <-deadline:
			_ = cmd.Process.Kill()
			t.Fatal("never started writing")
		case <-time.After(5 * time.Millisecond):
			writing = len(tempDirs(t, dir)) > 0
		}
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err == nil {
		t.Fatal("exit status 0 after SIGINT")
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(sentinel); string(data) != "before" || len(entries) != 1 {
		t.Errorf("output directory changed: %d entries", len(entries))
	}
	if left := tempDirs(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func tempDirs(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".out.new-") {
			out = append(out, e.Name())
		}
	}
	return out
}

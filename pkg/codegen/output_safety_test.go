package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestGenerateOutRefusesAFolderWithOthersFiles: `gen --out DIR` where DIR holds a file the
// generator did not write refuses with one line naming the file, and writes nothing (the file
// stays, nothing joins it); into the folder it wrote itself, it generates again.
func TestGenerateOutRefusesAFolderWithOthersFiles(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "cachelite", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(out, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Generate(context.Background(), Options{Config: cfg, OutputDir: out})
	if err == nil || !strings.Contains(err.Error(), mine) || strings.Contains(err.Error(), "\n") {
		t.Errorf("generate into a folder holding %s: error %v, want one line naming it", mine, err)
	}
	entries, rerr := os.ReadDir(out)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if data, _ := os.ReadFile(mine); string(data) != "mine" || len(entries) != 1 {
		t.Errorf("the folder changed: %d entries, notes.txt %q", len(entries), data)
	}

	if err := os.Remove(mine); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := Generate(context.Background(), Options{Config: cfg, OutputDir: out}); err != nil {
			t.Fatalf("generating into a folder of its own: %v", err)
		}
	}
}

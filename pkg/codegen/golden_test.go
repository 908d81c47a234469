package codegen

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/internal/testflags"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/output"
)

var update = testflags.Update

const casesDir = "../../specs/testdata/cases"

// TestGolden generates each case in specs/testdata/cases from its hand-written swagger and
// compares every file with the case's golden/ tree. Run with -update to rewrite golden/, then
// review the diff.
func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			dir := filepath.Join(casesDir, e.Name())
			cfg, err := config.Load(filepath.Join(dir, "azure-arm.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(context.Background(), Options{Config: cfg})
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join(dir, "golden")
			if *update {
				if err := output.WriteTree(context.Background(), golden, res.Files); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := readTree(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./pkg/codegen -run TestGolden -update)", err)
			}
			got := make(map[string]string, len(res.Files))
			for k, v := range res.Files {
				got[k] = string(v)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("output differs from %s (-golden +generated); if intended, run go test ./pkg/codegen -run TestGolden -update:\n%s", golden, d)
			}
		})
	}
}

func readTree(root string) (map[string]string, error) {
	out := make(map[string]string)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	return out, err
}

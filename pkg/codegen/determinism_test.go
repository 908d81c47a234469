package codegen

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestDeterministic generates the same case several times, with one and with several
// goroutines, and requires byte-identical output.
func TestDeterministic(t *testing.T) {
	cfg, err := config.Load(filepath.Join(casesDir, "widgets", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var first Files
	for i, procs := range []int{1, 2, 4, 1} {
		prev := runtime.GOMAXPROCS(procs)
		res, err := Run(context.Background(), Options{Config: cfg})
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = res.Files
			continue
		}
		if len(res.Files) != len(first) {
			t.Fatalf("run %d: %d files, want %d", i, len(res.Files), len(first))
		}
		for p, data := range res.Files {
			if !bytes.Equal(data, first[p]) {
				t.Errorf("run %d (GOMAXPROCS=%d): %s differs", i, procs, p)
			}
		}
	}
}

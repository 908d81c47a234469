package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
)

// TestDirectPrinterMatchesGoPrinter generates each golden case, and the configured set when
// ARMGEN_SPEC_ROOT is set, twice: Go files printed directly (emit/dstfmt) and through dst's
// restorer and go/printer (golang.PrintGo). The two must agree byte for byte: the direct
// printer is only a faster way to the same files. The direct run may not fall back to the
// long way (golang.PrintDirectOnly), so a comparison of go/printer with itself cannot pass. The whole corpus is compared by
// `make bench-printer`.
func TestDirectPrinterMatchesGoPrinter(t *testing.T) {
	t.Parallel() // minutes in go subprocesses or one-core stages, writing only folders of its own: beside the other slow tests, not after them
	type run struct {
		name   string
		config string
		root   string
	}
	var runs []run
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			runs = append(runs, run{name: e.Name(), config: filepath.Join(casesDir, e.Name(), "azure-arm.yaml")})
		}
	}
	if root := testspecs.Optional(t); root != "" && !testing.Short() {
		runs = append(runs, run{name: "configured-set", config: "../../azure-arm.yaml", root: root})
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			cfg, err := config.Load(r.config)
			if err != nil {
				t.Fatal(err)
			}
			direct, err := Run(context.Background(), Options{Config: cfg, SpecRoot: r.root, Printer: golang.PrintDirectOnly})
			if err != nil {
				t.Fatal(err)
			}
			reference, err := Run(context.Background(), Options{Config: cfg, SpecRoot: r.root, Printer: golang.PrintGo})
			if err != nil {
				t.Fatal(err)
			}
			goFiles := 0
			for path, want := range reference.Files {
				if !strings.HasSuffix(path, ".go") {
					continue
				}
				goFiles++
				if got := direct.Files[path]; string(got) != string(want) {
					t.Errorf("%s differs between the direct printer and go/printer (-go/printer +direct):\n%s", path, cmp.Diff(string(want), string(got)))
				}
			}
			if goFiles == 0 {
				t.Fatal("no Go files generated")
			}
			if len(direct.Files) != len(reference.Files) {
				t.Errorf("%d files printed directly, %d through go/printer", len(direct.Files), len(reference.Files))
			}
		})
	}
}

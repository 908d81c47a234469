package codegen

import (
	"bytes"
	"context"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
)

// TestTextDeclsAreGofmtStable: every Go file that holds declarations written as text (struct
// declarations of objects and of wire types, the ARM conversion and AssignProperties methods,
// see golang.textDecl; the generated test files) is exactly what gofmt makes of it, for each golden case and, when ARMGEN_SPEC_ROOT is set, the configured set. The printers
// are held to gofmt by their own tests; the text by this one and, case by case, by the
// TextMatchesTrees tests of emit/golang.
func TestTextDeclsAreGofmtStable(t *testing.T) {
	t.Parallel() // one generation run per case and of the configured set: beside the other slow tests
	configs := map[string]string{}
	entries, err := os.ReadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			configs[e.Name()] = filepath.Join(casesDir, e.Name(), "azure-arm.yaml")
		}
	}
	root := testspecs.Optional(t)
	if root != "" && !testing.Short() {
		configs["configured-set"] = "../../azure-arm.yaml"
	}
	for _, name := range slices.Sorted(maps.Keys(configs)) {
		path := configs[name]
		t.Run(name, func(t *testing.T) {
			cfg, err := config.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			specRoot := ""
			if name == "configured-set" {
				specRoot = root
			}
			res, err := Run(context.Background(), Options{Config: cfg, SpecRoot: specRoot, Printer: golang.PrintDirectOnly})
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for file, content := range res.Files {
				text := bytes.Contains(content, []byte(" struct {\n")) || bytes.Contains(content, []byte(") ConvertToARM(")) ||
					bytes.Contains(content, []byte(") AssignProperties_")) || strings.HasSuffix(file, "_test.go")
				if !strings.HasSuffix(file, ".go") || !text {
					continue
				}
				checked++
				formatted, err := format.Source(content)
				if err != nil {
					t.Errorf("%s does not parse: %v", file, err)
				} else if !bytes.Equal(formatted, content) {
					t.Errorf("%s is not gofmt's layout (-generated +gofmt):\n%s", file, cmp.Diff(string(content), string(formatted)))
				}
			}
			if checked == 0 {
				t.Fatal("no Go file with declarations written as text was generated")
			}
			t.Logf("%d files with text declarations are gofmt's layout", checked)
		})
	}
}

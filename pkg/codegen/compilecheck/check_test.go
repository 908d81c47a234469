package compilecheck_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/compilecheck"
	"github.com/armgen/armgen/pkg/codegen/config"
)

func render(t *testing.T, file, specRoot string) (*codegen.Result, *config.Config) {
	t.Helper()
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := codegen.Run(context.Background(), codegen.Options{Config: cfg, SpecRoot: specRoot})
	if err != nil {
		t.Fatal(err)
	}
	return res, cfg
}

// TestGenerateNeverWritesCodeThatDoesNotCompile: swagger that made the generator write Go that
// does not compile and exit 0 (issue 26 finding 11: a property named deepCopy, two variants with
// one discriminator value) now either fails the run with the compiler's reason at a file and
// line, writing nothing, or (once the generator renames or refuses such input) gives code that
// compiles. Never success with code that does not build.
func TestGenerateNeverWritesCodeThatDoesNotCompile(t *testing.T) {
	for _, name := range []string{"copies", "shapes"} {
		t.Run(name, func(t *testing.T) {
			cfg, err := config.Load(filepath.Join("testdata", name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "generated")
			res, err := codegen.Generate(context.Background(), codegen.Options{Config: cfg, OutputDir: out, CompileCheck: true})
			var cerr *compilecheck.Error
			switch {
			case errors.As(err, &cerr):
				if !strings.Contains(err.Error(), ".go:") {
					t.Errorf("the compile error does not name a file and line: %v", err)
				}
				if _, serr := os.Stat(out); !os.IsNotExist(serr) {
					t.Errorf("code that does not compile was written to %s", out)
				}
				t.Logf("refused: %v", err)
			case err != nil:
				t.Logf("the generator refuses the input: %v", err)
			default:
				if err := compilecheck.Check(context.Background(), res.Files, cfg.OutputPackage, ""); err != nil {
					t.Fatalf("Generate wrote code that does not compile: %v", err)
				}
			}
		})
	}
}

// TestGeneratedCodeCompiles type-checks what the generator renders for each golden case, and for
// the configured set when ARMGEN_SPEC_ROOT is set, as the compiler would: the generator's own
// check (gen --compile-check) is held to passing on all of them.
func TestGeneratedCodeCompiles(t *testing.T) {
	cases := "../../../specs/testdata/cases"
	entries, err := os.ReadDir(cases)
	if err != nil {
		t.Fatal(err)
	}
	type run struct{ name, config, root string }
	var runs []run
	for _, e := range entries {
		if e.IsDir() {
			runs = append(runs, run{e.Name(), filepath.Join(cases, e.Name(), "azure-arm.yaml"), ""})
		}
	}
	if root := os.Getenv("ARMGEN_SPEC_ROOT"); root != "" && !testing.Short() {
		runs = append(runs, run{"configured-set", "../../../azure-arm.yaml", root})
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			res, cfg := render(t, r.config, r.root)
			if err := compilecheck.Check(context.Background(), res.Files, cfg.OutputPackage, ""); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestCheckSeesTypeErrors: the check is not a parse: a type error in one rendered file fails it.
func TestCheckSeesTypeErrors(t *testing.T) {
	files := map[string][]byte{
		"a/a.go": []byte("package a\n\nimport \"strings\"\n\nfunc F() int { return strings.ToUpper(\"x\") }\n"),
		"b/b.go": []byte("package b\n\nimport \"example.com/x/a\"\n\nvar V = a.F()\n"),
	}
	err := compilecheck.Check(context.Background(), files, "example.com/x", "")
	if err == nil || !strings.Contains(err.Error(), "a/a.go:5:") {
		t.Fatalf("got %v, want a type error at a/a.go:5", err)
	}
	files["a/a.go"] = []byte("package a\n\nimport \"strings\"\n\nfunc F() string { return strings.ToUpper(\"x\") }\n")
	if err := compilecheck.Check(context.Background(), files, "example.com/x", ""); err != nil {
		t.Fatal(err)
	}
}

package codegen

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/armgen/armgen"

// algorithmPackages hold the rules of the stages; they are called by stages, never the reverse.
var algorithmPackages = []string{
	"selection", "rawtypes", "configapply", "specstatus", "resourceprops", "cycles", "prune",
	"storage", "conversions", "namecheck", "consumed", "coverage", "output", "audit",
}

// TestLayout holds the package rules of docs/architecture.md: the vocabulary imports only the
// standard library; algorithm packages know nothing of the pipeline; only the public API runs
// the stages; the public API holds no stage.
func TestLayout(t *testing.T) {
	imports := moduleImports(t, "../..")
	if _, ok := imports[module+"/pkg/astmodel"]; !ok || len(imports) < 30 {
		t.Fatalf("found only %d packages; the walk is broken", len(imports))
	}
	for _, imp := range imports[module+"/pkg/astmodel"] {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
			t.Errorf("pkg/astmodel imports %s; it may import only the standard library", imp)
		}
	}
	for _, a := range algorithmPackages {
		pkg := module + "/pkg/codegen/" + a
		if _, ok := imports[pkg]; !ok {
			t.Errorf("no package %s", pkg)
		}
		for _, imp := range imports[pkg] {
			if imp == module+"/pkg/codegen/pipeline" || imp == module+"/pkg/codegen/stages" {
				t.Errorf("%s imports %s: algorithms take and return values; the stage adapter deals with the pipeline", pkg, imp)
			}
		}
	}
	for pkg, imps := range imports {
		if slices.Contains(imps, module+"/pkg/codegen/stages") && pkg != module+"/pkg/codegen" {
			t.Errorf("%s imports the stages; run the generator through pkg/codegen", pkg)
		}
	}
	for _, imp := range imports[module+"/pkg/codegen"] {
		for _, a := range algorithmPackages {
			// Reports the public API hands back (the audit's, coverage) and output writing are allowed.
			if imp == module+"/pkg/codegen/"+a && a != "output" && a != "coverage" && a != "audit" {
				t.Errorf("pkg/codegen imports %s: the public API runs stages, it holds none", imp)
			}
		}
	}
}

// moduleImports reads the non-test imports of every package below root (generated/ aside).
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := make(map[string][]string)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel != "." && (rel == "generated" || rel == "specs" || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		bp, err := build.ImportDir(p, 0)
		if err != nil {
			return nil // no Go files here
		}
		name := module
		if rel != "." {
			name += "/" + rel
		}
		out[name] = bp.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

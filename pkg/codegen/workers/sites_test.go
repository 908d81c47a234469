package workers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every goroutine a stage starts goes through this package, so that no bug in a worker ends gen
// without naming its stage. The stage packages (the generator's algorithms and the type graph)
// start none any other way: no errgroup, no sync.WaitGroup, no go statement. The output writer
// (not a stage) and the pipeline runner (which guards its stages itself) are left out.
func TestStagePackagesStartWorkersOnlyThroughThisPackage(t *testing.T) {
	skip := map[string]bool{"output": true, "pipeline": true, "workers": true}
	var found []string
	for _, root := range []string{"..", "../../astmodel"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if rel, _ := filepath.Rel("..", p); skip[filepath.ToSlash(rel)] || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); path == "golang.org/x/sync/errgroup" {
					found = append(found, p+": imports errgroup")
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GoStmt:
					found = append(found, p+": a go statement")
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && n.Sel.Name == "WaitGroup" {
						found = append(found, p+": a sync.WaitGroup")
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range found {
		t.Errorf("%s: start workers with workers.Group, whose Wait raises a worker's panic where the runner names the stage", f)
	}
}

package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestGeneratedMethodsAreReserved holds astmodel.GeneratedMethods to what the emitter writes:
// every method of a generated struct that is not a resource or a resource list (whose fields are
// fixed, never swagger properties) must be reserved, or a property of its name would compile to
// a field and a method of one name. Methods of types that have no fields (enums) cannot clash.
func TestGeneratedMethodsAreReserved(t *testing.T) {
	fset := token.NewFileSet()
	seen := 0
	err := filepath.WalkDir(casesDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_gen.go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		fixed := make(map[string]bool) // resources and lists, and types without fields
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if st, ok := ts.Type.(*ast.StructType); !ok || hasField(st, "ObjectMeta", "ListMeta") {
					fixed[ts.Name.Name] = true
				}
			}
		}
		pkg := astmodel.PackageReference{Group: "x", ARM: filepath.Base(filepath.Dir(path)) == "arm"}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			recv := receiverName(fd.Recv.List[0].Type)
			if fixed[recv] {
				continue
			}
			seen++
			if !astmodel.IsGeneratedMethodIn(pkg, fd.Name.Name) {
				t.Errorf("%s: method %s.%s is not in astmodel.GeneratedMethods (ARM package %v)", path, recv, fd.Name.Name, pkg.ARM)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no methods found in the golden cases")
	}
}

func hasField(st *ast.StructType, names ...string) bool {
	for _, f := range st.Fields.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok {
			for _, n := range names {
				if sel.Sel.Name == n {
					return true
				}
			}
		}
	}
	return false
}

func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

package golang

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/codegen/emit/dstfmt"
)

// importsEnd marks where the import block of a skeleton file ends.
const importsEnd = "armgen:end-of-imports"

// renderText completes declarations written as text (see goText) into a file of package
// pkgName: the header, package clause and import block come from rendering a skeleton that
// uses each package the text refers to, so they are exactly what render would write.
func (fb *fileBuilder) renderText(pkgName string, decls []byte) ([]byte, error) {
	paths := make([]string, 0, len(fb.imports))
	for p := range fb.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	uses := &dst.GenDecl{Tok: token.VAR}
	for _, p := range paths {
		uses.Specs = append(uses.Specs, &dst.ValueSpec{Names: []*dst.Ident{ident("_")}, Values: []dst.Expr{&dst.Ident{Name: "X", Path: p}}})
	}
	uses.Specs = append(uses.Specs, &dst.ValueSpec{Names: []*dst.Ident{ident("_")}, Values: []dst.Expr{ident("0")}})
	uses.Decs.Start.Append("// " + importsEnd)

	head, err := fb.textHead(pkgName, paths, uses)
	if err != nil {
		return nil, err
	}
	end := bytes.Index(head, []byte("// "+importsEnd))
	if end < 0 {
		return nil, fmt.Errorf("the skeleton file lost its marker")
	}
	// One allocation of the file's size: the text is most of it, and growing a buffer to hold
	// it was most of what completing the file allocated.
	out := make([]byte, 0, end+len(decls))
	return append(append(out, head[:end]...), decls...), nil
}

// textHead prints the skeleton file whose head renderText keeps. The text named each package
// by the name use gave it; the import block must agree.
func (fb *fileBuilder) textHead(pkgName string, paths []string, uses *dst.GenDecl) ([]byte, error) {
	if fb.printer != PrintGo {
		// The direct printer names each import as importName says, so the names agree when
		// importName agrees with use; it prints the skeleton for a fraction of what restoring
		// and printing it with go/printer cost (most of completing a text file).
		for _, p := range paths {
			if name, _, err := fb.importName(p); err != nil || name != fb.imports[p] {
				return nil, fmt.Errorf("package %s is imported as %s, but the code calls it %s", p, name, fb.imports[p])
			}
		}
		head, err := dstfmt.File(fb.file(pkgName, []dst.Decl{uses}, nil), fb.pkg.Path, fb.importName)
		if err == nil || !errors.Is(err, dstfmt.ErrUnsupported) || fb.printer == PrintDirectOnly {
			return head, err
		}
	}
	af, fset, err := fb.restore(pkgName, []dst.Decl{uses}, nil)
	if err != nil {
		return nil, err
	}
	skeleton := af.Decls[len(af.Decls)-1].(*ast.GenDecl)
	for i, p := range paths {
		name := "?"
		if s, ok := skeleton.Specs[i].(*ast.ValueSpec).Values[0].(*ast.SelectorExpr); ok {
			name = s.X.(*ast.Ident).Name
		}
		if name != fb.imports[p] {
			return nil, fmt.Errorf("package %s is imported as %s, but the code calls it %s", p, name, fb.imports[p])
		}
	}
	var head bytes.Buffer
	if err := gofmt.Fprint(&head, fset, af); err != nil {
		return nil, fmt.Errorf("printing generated code: %w", err)
	}
	return head.Bytes(), nil
}

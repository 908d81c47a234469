package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"github.com/dave/dst"
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

	af, fset, err := fb.restore(pkgName, []dst.Decl{uses}, nil)
	if err != nil {
		return nil, err
	}
	// The text named each package by the name use gave it; the import block must agree.
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
	end := bytes.Index(head.Bytes(), []byte("// "+importsEnd))
	if end < 0 {
		return nil, fmt.Errorf("the skeleton file lost its marker")
	}
	// One allocation of the file's size: the text is most of it, and growing a buffer to hold
	// it was most of what completing the file allocated.
	out := make([]byte, 0, end+len(decls))
	return append(append(out, head.Bytes()[:end]...), decls...), nil
}

package golang

import (
	"fmt"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// typeExpr renders a type as a Go type expression. Validations do not change the Go type (they
// become markers), and nested objects must have been named by earlier stages.
func (fb *fileBuilder) typeExpr(t astmodel.Type) (dst.Expr, error) {
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		return ident(x.GoName()), nil
	case astmodel.TypeName:
		return fb.typeName(x), nil
	case astmodel.OptionalType:
		e, err := fb.typeExpr(x.Element)
		if err != nil {
			return nil, err
		}
		return deref(e), nil
	case astmodel.ArrayType:
		e, err := fb.typeExpr(x.Element)
		if err != nil {
			return nil, err
		}
		return &dst.ArrayType{Elt: e}, nil
	case astmodel.MapType:
		k, err := fb.typeExpr(x.Key)
		if err != nil {
			return nil, err
		}
		v, err := fb.typeExpr(x.Value)
		if err != nil {
			return nil, err
		}
		return &dst.MapType{Key: k, Value: v}, nil
	case astmodel.ValidatedType:
		return fb.typeExpr(x.Element)
	default:
		return nil, fmt.Errorf("cannot write %s inline as a Go type; it needs a name", t)
	}
}

// typeName refers to a named type, qualified when it lives in another package.
func (fb *fileBuilder) typeName(n astmodel.TypeName) *dst.Ident {
	return fb.qualified(n.Package, n.Name)
}

// qualified refers to name in pkg. The restorer turns an identifier with a path into a selector
// on the import's name, and adds the import.
func (fb *fileBuilder) qualified(pkg astmodel.PackageReference, name string) *dst.Ident {
	if pkg.Path == fb.pkg.Path {
		return ident(name)
	}
	fb.use(pkg)
	return &dst.Ident{Name: name, Path: pkg.Path}
}

// typeText is typeExpr as Go source, for code written as text.
func (fb *fileBuilder) typeText(t astmodel.Type) (string, error) {
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		return x.GoName(), nil
	case astmodel.TypeName:
		return fb.qualifiedText(x.Package, x.Name), nil
	case astmodel.OptionalType:
		e, err := fb.typeText(x.Element)
		return "*" + e, err
	case astmodel.ArrayType:
		e, err := fb.typeText(x.Element)
		return "[]" + e, err
	case astmodel.MapType:
		k, err := fb.typeText(x.Key)
		if err != nil {
			return "", err
		}
		v, err := fb.typeText(x.Value)
		return "map[" + k + "]" + v, err
	case astmodel.ValidatedType:
		return fb.typeText(x.Element)
	default:
		return "", fmt.Errorf("cannot write %s inline as a Go type; it needs a name", t)
	}
}

// qualifiedText is qualified as Go source: the name, after the import's name when pkg is
// another package. renderText checks that the import block uses that name.
func (fb *fileBuilder) qualifiedText(pkg astmodel.PackageReference, name string) string {
	if pkg.Path == fb.pkg.Path {
		return name
	}
	fb.use(pkg)
	if fb.writingText {
		fb.textUses[pkg.Path] = true
	}
	return fb.imports[pkg.Path] + "." + name
}

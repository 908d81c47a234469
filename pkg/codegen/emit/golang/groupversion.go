package golang

import (
	"go/token"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

const groupVersionFileName = "groupversion_info_gen.go"

// groupVersionDoc is the package doc comment. The markers on the package clause make
// controller-tools treat every type as part of group pkg.FullGroup and every field as optional
// unless marked required, as ARM does.
func groupVersionDoc(pkg astmodel.PackageReference) []string {
	doc := []string{
		"Package " + pkg.Name + " contains API Schema definitions for the " + pkg.Group + " " + pkg.Version + " API group",
		"+kubebuilder:object:generate=true",
		"+kubebuilder:validation:Optional",
		"+groupName=" + pkg.FullGroup(),
	}
	if pkg.Name != pkg.Version {
		// controller-tools takes the version from the package name unless told otherwise, and
		// every storage package is called storage.
		doc = append(doc, "+versionName="+pkg.Version)
	}
	return doc
}

// groupVersionDecls renders the package's GroupVersion and the scheme builder that each
// resource's init function registers with.
func groupVersionDecls(fb *fileBuilder) ([]dst.Decl, error) {
	pkg := fb.pkg
	spec := func(name string, value dst.Expr, doc string) dst.Spec {
		s := &dst.ValueSpec{Names: []*dst.Ident{ident(name)}, Values: []dst.Expr{value}}
		s.Decs.Start = docs([]string{doc})
		s.Decs.Before = dst.NewLine
		return s
	}
	groupVersion := composite(fb.qualified(astmodel.SchemaPackage, "GroupVersion"),
		keyValue("Group", stringLit(pkg.FullGroup())),
		keyValue("Version", stringLit(pkg.Version)))
	builder := addr(composite(fb.qualified(astmodel.ControllerSchemePkg, "Builder"),
		keyValue("GroupVersion", ident("GroupVersion"))))

	vars := &dst.GenDecl{Tok: token.VAR, Lparen: true, Rparen: true, Specs: []dst.Spec{
		spec("GroupVersion", groupVersion, "GroupVersion is the group and version of every kind in this package."),
		spec("SchemeBuilder", builder, "SchemeBuilder collects the kinds of this package; each kind registers itself from an init function."),
		spec("AddToScheme", path("SchemeBuilder", "AddToScheme"), "AddToScheme adds every kind of this package to a scheme."),
	}}
	return []dst.Decl{vars}, nil
}

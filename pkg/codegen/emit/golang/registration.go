package golang

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// registrationFile is where the controller finds every generated resource.
const registrationFile = "controllers/registration_gen.go"

// Registration renders controllers/registration_gen.go (package controllers, import path
// <outputPackage>/controllers), which lists every resource of every API package in defs and adds
// every API package to a scheme.
func Registration(defs astmodel.Definitions, outputPackage string) (File, error) {
	self := astmodel.MakeExternalPackage(outputPackage+"/controllers", "controllers")
	fb := newFileBuilder(defs, self)

	var pkgs []astmodel.PackageReference
	for _, p := range defs.Packages() {
		if p.IsAPI() && !p.ARM { // wire types are never Kubernetes objects
			pkgs = append(pkgs, p)
		}
	}
	fb.aliases = packageAliases(pkgs)

	resources := slices.DeleteFunc(defs.Resources(), func(d astmodel.Definition) bool { return !d.Name.Package.IsAPI() })
	resources = watchedVersions(resources)
	slices.SortFunc(resources, func(a, b astmodel.Definition) int {
		return cmp.Or(
			cmp.Compare(a.Name.Package.Group, b.Name.Package.Group),
			cmp.Compare(a.Name.Package.Version, b.Name.Package.Version),
			cmp.Compare(a.Name.Name, b.Name.Name))
	})

	known := make([]dst.Expr, 0, len(resources))
	for _, r := range resources {
		fields := []dst.Expr{keyValue("Obj", call(ident("new"), fb.typeName(r.Name)))}
		if r.Type.(*astmodel.ResourceType).NotImportable {
			fields = append(fields, keyValue("NotImportable", ident("true")))
		}
		known = append(known, composite(nil, fields...))
	}
	onePerLine(known)
	knownType := func() dst.Expr { return &dst.ArrayType{Elt: fb.qualified(astmodel.GenRuntimePackage, "KnownResource")} }
	knownResources := withDoc(function("KnownResources", nil, []*dst.Field{field("", knownType())},
		returns(composite(knownType(), known...))),
		"KnownResources returns an empty object of every generated kind, telling the controller which kinds to watch: the version its CRD stores, which the API server converts every other version to (the hub, or the API version of a kind that has one).")

	scheme := func() dst.Expr { return deref(fb.qualified(astmodel.RuntimePackage, "Scheme")) }
	adderType := func() dst.Expr {
		return &dst.FuncType{Params: fieldList(field("", scheme())), Results: fieldList(field("", ident("error")))}
	}
	adders := make([]dst.Expr, 0, len(pkgs))
	for _, p := range pkgs {
		adders = append(adders, fb.qualified(p, "AddToScheme"))
	}
	onePerLine(adders)
	adderList := withDoc(&dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{
		Names:  []*dst.Ident{ident("schemeAdders")},
		Values: []dst.Expr{composite(&dst.ArrayType{Elt: adderType()}, adders...)},
	}}}, "schemeAdders holds the AddToScheme of every generated API version, storage versions included, as the API server needs them all to convert between versions.")

	addToScheme := withDoc(function("AddToScheme", []*dst.Field{field("s", scheme())}, []*dst.Field{field("", ident("error"))},
		rangeStmt("_", "add", ident("schemeAdders"),
			&dst.IfStmt{
				Init: define([]string{"err"}, call(ident("add"), ident("s"))),
				Cond: binary(ident("err"), token.NEQ, nilIdent()),
				Body: &dst.BlockStmt{List: []dst.Stmt{returns(ident("err"))}},
			}),
		returns(nilIdent())),
		"AddToScheme adds every generated API version to s.")

	content, err := fb.render(self.Name, []dst.Decl{knownResources, adderList, addToScheme}, nil)
	if err != nil {
		return File{}, fmt.Errorf("%s: %w", registrationFile, err)
	}
	return File{Path: registrationFile, Content: content}, nil
}

// watchedVersions keeps one version of each kind for the controller to watch: the version its
// CRD stores (IsStorageVersion: the hub, or the API version of a kind with one), which the API
// server converts every other version to.
func watchedVersions(resources []astmodel.Definition) []astmodel.Definition {
	type groupKind struct{ group, kind string }
	stored := make(map[groupKind]bool)
	for _, r := range resources {
		if r.Type.(*astmodel.ResourceType).IsStorageVersion {
			stored[groupKind{r.Name.Package.Group, r.Name.Name}] = true
		}
	}
	return slices.DeleteFunc(resources, func(r astmodel.Definition) bool {
		return stored[groupKind{r.Name.Package.Group, r.Name.Name}] && !r.Type.(*astmodel.ResourceType).IsStorageVersion
	})
}

// packageAliases names each API package <group><version> (the version of a storage package ends
// in "storage"), because every version of a group has the same package name and one file imports
// them all. Packages come sorted by path, so a numbered alias, needed only if two names
// collide, always goes to the same package.
func packageAliases(pkgs []astmodel.PackageReference) map[string]string {
	aliases := make(map[string]string, len(pkgs))
	// The names the file itself uses are taken too.
	taken := map[string]bool{"genruntime": true, "runtime": true}
	for _, p := range pkgs {
		base := identifierOf(p.Group + p.Version)
		alias := base
		for n := 2; taken[alias]; n++ {
			alias = fmt.Sprintf("%s%d", base, n)
		}
		taken[alias] = true
		aliases[p.Path] = alias
	}
	return aliases
}

// identifierOf keeps the letters and digits of s, lower case, as an identifier.
func identifierOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	out := b.String()
	if out == "" || unicode.IsDigit(rune(out[0])) {
		out = "pkg" + out
	}
	return out
}

package golang

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

var jsonPackage = astmodel.MakeExternalPackage("encoding/json", "json")

// armPackage renders the ARM wire types of an API version: plain structs with wire names, one
// file per resource kind (its spec, its status and what they reach), unions with the JSON
// methods that marshal the chosen variant. Nothing else: they are never Kubernetes objects.
func armPackage(inPackage func(astmodel.PackageReference) astmodel.Definitions, pkg astmodel.PackageReference) ([]File, error) {
	pkgDefs := inPackage(pkg)
	api := pkg
	api.Path, api.Name, api.ARM = strings.TrimSuffix(pkg.Path, "/arm"), pkg.Version, false
	placed := make(map[astmodel.TypeName]bool, len(pkgDefs))
	var files []File
	render := func(name string, defs []astmodel.Definition) error {
		fb := newFileBuilder(pkgDefs, pkg)
		var decls []dst.Decl
		for _, d := range defs {
			ds, err := fb.armDecls(d)
			if err != nil {
				return fmt.Errorf("%s/%s: %w", pkg.RelativeDir(), name, err)
			}
			decls = append(decls, ds...)
		}
		var doc []string
		if name == armDocFileName {
			doc = []string{"Package arm holds the ARM wire types of " + api.FullGroup() + "/" + api.Version + ": what is sent to and read from Azure Resource Manager."}
		}
		content, err := fb.render(pkg.Name, decls, doc)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", pkg.RelativeDir(), name, err)
		}
		files = append(files, File{Path: pkg.RelativeDir() + "/" + name, Content: content})
		return nil
	}
	for _, r := range inPackage(api).Resources() {
		rt := r.Type.(*astmodel.ResourceType)
		roots := []astmodel.TypeName{pkg.TypeName(rt.Spec.Name), pkg.TypeName(rt.Status.Name)}
		var mine []astmodel.Definition
		// What earlier files placed they placed with all it reaches (see reachableBeyond).
		for _, n := range append(roots, sortedNames(reachableBeyond(pkgDefs, roots, placed))...) {
			if d, ok := pkgDefs[n]; ok && !placed[n] {
				placed[n] = true
				mine = append(mine, d)
			}
		}
		if err := render(strings.ToLower(r.Name.Name)+"_types_gen.go", mine); err != nil {
			return nil, err
		}
	}
	var rest []astmodel.Definition
	for _, n := range pkgDefs.Names() {
		if !placed[n] {
			rest = append(rest, pkgDefs[n])
		}
	}
	if err := render(armDocFileName, rest); err != nil {
		return nil, err
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// armDocFileName holds the package doc and any wire type no resource file took.
const armDocFileName = "doc_gen.go"

// armDecls renders one wire type.
func (fb *fileBuilder) armDecls(def astmodel.Definition) ([]dst.Decl, error) {
	obj, ok := def.Type.(*astmodel.ObjectType)
	if !ok {
		return nil, fmt.Errorf("%s: a wire type must be an object, not %s", def.Name, def.Type)
	}
	d, err := fb.textDecl(func(w *goText) error { return fb.armStructText(w, def, obj) })
	if err != nil {
		return nil, err
	}
	decls := []dst.Decl{d}
	if i := slices.IndexFunc(obj.Properties(), func(p *astmodel.Property) bool { return p.ExtraKeys }); i >= 0 {
		if obj.OneOf {
			return nil, fmt.Errorf("%s: a union cannot hold extra keys of its own", def.Name)
		}
		decls = append(decls, fb.extraKeysJSON(def.Name.Name, obj, obj.Properties()[i])...)
	}
	if obj.OneOf {
		marshal, unmarshal, err := fb.unionJSON(def.Name.Name, obj)
		if err != nil {
			return nil, err
		}
		decls = append(decls, marshal, unmarshal)
	}
	return decls, nil
}

// extraKeysJSON renders the JSON methods of an object that allows keys beyond its declared
// properties: they are written beside the declared fields, and read back into extra.
func (fb *fileBuilder) extraKeysJSON(name string, obj *astmodel.ObjectType, extra *astmodel.Property) []dst.Decl {
	recv := receiverName(name)
	declaredType := func() dst.Stmt {
		return &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: ident("declared"), Type: ident(name)}}}}
	}
	m := function("MarshalJSON", nil, []*dst.Field{field("", &dst.ArrayType{Elt: ident("byte")}), field("", ident("error"))},
		declaredType(),
		returns(call(fb.qualified(astmodel.GenRuntimePackage, "MarshalWithExtraKeys"), call(ident("declared"), ident(recv)), path(recv, extra.Name))))
	m.Recv = fieldList(field(recv, ident(name)))
	m = withDoc(m, "MarshalJSON writes the declared fields and, beside them, the keys of "+extra.Name+".")
	args := []dst.Expr{ident("data"), addr(path(recv, extra.Name))}
	for _, p := range obj.Properties() {
		if p != extra {
			args = append(args, stringLit(p.JSONName))
		}
	}
	u := method(recv, name, "UnmarshalJSON", []*dst.Field{field("data", &dst.ArrayType{Elt: ident("byte")})}, []*dst.Field{field("", ident("error"))},
		declaredType(),
		&dst.IfStmt{
			Init: define([]string{"err"}, call(fb.qualified(jsonPackage, "Unmarshal"), ident("data"), call(&dst.ParenExpr{X: deref(ident("declared"))}, ident(recv)))),
			Cond: binary(ident("err"), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: []dst.Stmt{returns(ident("err"))}},
		},
		returns(call(fb.qualified(astmodel.GenRuntimePackage, "UnmarshalExtraKeys"), args...)))
	u = withDoc(u, "UnmarshalJSON reads the declared fields, and every other key into "+extra.Name+".")
	return []dst.Decl{m, u}
}

// unionJSON renders the JSON methods of a union: it marshals as the variant that is set, with
// the union's own fields (a polymorphic resource body's name) merged in, and unmarshals into the
// variant the discriminator names.
func (fb *fileBuilder) unionJSON(name string, obj *astmodel.ObjectType) (dst.Decl, dst.Decl, error) {
	recv := receiverName(name)
	type variant struct {
		p     *astmodel.Property
		value string
	}
	var variants []variant
	var shared []*astmodel.Property
	var other *astmodel.Property
	for _, p := range obj.Properties() {
		if p.OtherVariant {
			other = p
			continue
		}
		disc, value, ok := strings.Cut(p.ARMName, "=")
		if ok && disc == obj.Discriminator {
			variants = append(variants, variant{p, value})
		} else {
			shared = append(shared, p)
		}
	}
	if len(variants) == 0 {
		return nil, nil, fmt.Errorf("%s: a union without variants", name)
	}

	var marshal []dst.Stmt
	var encoded []*astmodel.Property
	for _, v := range variants {
		encoded = append(encoded, v.p)
	}
	if other != nil {
		encoded = append(encoded, other)
	}
	for _, p := range encoded {
		var encode dst.Expr = call(fb.qualified(jsonPackage, "Marshal"), path(recv, p.Name))
		if len(shared) > 0 {
			var kvs []dst.Expr
			for _, q := range shared {
				kvs = append(kvs, &dst.KeyValueExpr{Key: stringLit(q.JSONName), Value: path(recv, q.Name)})
			}
			fields := composite(&dst.MapType{Key: ident("string"), Value: ident("any")}, kvs...)
			encode = call(fb.qualified(astmodel.GenRuntimePackage, "MarshalVariant"), path(recv, p.Name), fields)
		}
		marshal = append(marshal, ifStmt(binary(path(recv, p.Name), token.NEQ, nilIdent()), returns(encode)))
	}
	marshal = append(marshal, returns(call(&dst.ArrayType{Elt: ident("byte")}, stringLit("null")), nilIdent()))
	m := function("MarshalJSON", nil, []*dst.Field{field("", &dst.ArrayType{Elt: ident("byte")}), field("", ident("error"))}, marshal...)
	m.Recv = fieldList(field(recv, ident(name)))
	m = withDoc(m, "MarshalJSON writes the variant that is set, which carries its discriminator.")

	// The probe reads the discriminator and the union's own fields.
	probeFields := []*dst.Field{{Names: []*dst.Ident{ident("Discriminator")}, Type: ident("string"), Tag: structTag(obj.Discriminator, nil)}}
	var copyShared []dst.Stmt
	for _, p := range shared {
		t, err := fb.typeExpr(p.Type)
		if err != nil {
			return nil, nil, err
		}
		probeFields = append(probeFields, &dst.Field{Names: []*dst.Ident{ident(p.Name)}, Type: t, Tag: structTag(p.JSONName+",omitempty", nil)})
		copyShared = append(copyShared, assign(path(recv, p.Name), path("probe", p.Name)))
	}
	var cases []dst.Stmt
	for _, v := range variants {
		vt, err := fb.typeExpr(astmodel.Unwrap(v.p.Type))
		if err != nil {
			return nil, nil, err
		}
		cases = append(cases, &dst.CaseClause{
			List: []dst.Expr{call(fb.qualified(astmodel.GenRuntimePackage, "IsVariant"), path("probe", "Discriminator"), stringLit(v.value))},
			Body: []dst.Stmt{
				assign(path(recv, v.p.Name), addr(composite(vt))),
				returns(call(fb.qualified(astmodel.GenRuntimePackage, "UnmarshalVariant"), ident("data"), stringLit(obj.Discriminator),
					path("probe", "Discriminator"), stringLit(v.value), path(recv, v.p.Name))),
			},
		})
	}
	// A discriminator naming no known variant: a reported union keeps the value whole; any
	// other cannot describe it, so it says which value it does not know.
	unknown := []dst.Stmt{returns(addr(composite(fb.qualified(astmodel.GenRuntimePackage, "UnknownVariantError"),
		keyValue("Union", stringLit(name)), keyValue("Discriminator", stringLit(obj.Discriminator)), keyValue("Value", path("probe", "Discriminator")))))}
	if other != nil {
		jt, err := fb.typeExpr(astmodel.JSONType)
		if err != nil {
			return nil, nil, err
		}
		unknown = []dst.Stmt{
			assign(path(recv, other.Name), addr(composite(jt, keyValue("Raw", call(fb.qualified(slicesPackage, "Clone"), ident("data")))))),
			returns(nilIdent()),
		}
	}
	body := []dst.Stmt{
		&dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{Names: []*dst.Ident{ident("probe")}, Type: &dst.StructType{Fields: fieldList(probeFields...)}}}}},
		&dst.IfStmt{
			Init: define([]string{"err"}, call(fb.qualified(jsonPackage, "Unmarshal"), ident("data"), addr(ident("probe")))),
			Cond: binary(ident("err"), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: []dst.Stmt{returns(call(fb.qualified(fmtPackage, "Errorf"), stringLit(name+": %w"), ident("err")))}},
		},
	}
	body = append(body, copyShared...)
	body = append(body,
		&dst.SwitchStmt{Body: &dst.BlockStmt{List: cases}},
	)
	body = append(body, unknown...)
	u := method(recv, name, "UnmarshalJSON", []*dst.Field{field("data", &dst.ArrayType{Elt: ident("byte")})}, []*dst.Field{field("", ident("error"))}, body...)
	u = withDoc(u, "UnmarshalJSON reads the discriminator, then the variant it names, whatever its case.")
	return m, u, nil
}

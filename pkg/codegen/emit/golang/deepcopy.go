package golang

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// deepCopyFileName follows controller-gen's name, so that tools and reviewers that skip
// generated deepcopy code recognise ours.
const deepCopyFileName = "zz_generated.deepcopy.go"

// copyField is a struct field as far as copying is concerned.
type copyField struct {
	name string
	t    astmodel.Type
}

// copyTarget is a struct type that gets deepcopy methods.
type copyTarget struct {
	name   string
	fields []copyField
	// root types are Kubernetes objects, which also need DeepCopyObject.
	root bool
}

// deepCopyDecls renders the deepcopy methods of every struct type of the package, in name order.
func (fb *fileBuilder) deepCopyDecls(pkgDefs astmodel.Definitions) ([]dst.Decl, error) {
	var targets []copyTarget
	for _, def := range pkgDefs.Sorted() {
		switch t := def.Type.(type) {
		case *astmodel.ObjectType:
			fields := make([]copyField, 0, len(t.Properties()))
			for _, p := range t.Properties() {
				fields = append(fields, copyField{p.Name, p.Type})
			}
			targets = append(targets, copyTarget{name: def.Name.Name, fields: fields})
		case *astmodel.ResourceType:
			kind := def.Name.Name
			targets = append(targets,
				copyTarget{name: kind, root: true, fields: []copyField{
					{"TypeMeta", astmodel.TypeMetaType},
					{"ObjectMeta", astmodel.ObjectMetaType},
					{"Spec", t.Spec},
					{"Status", t.Status},
				}},
				copyTarget{name: listName(kind), root: true, fields: []copyField{
					{"TypeMeta", astmodel.TypeMetaType},
					{"ListMeta", astmodel.ListMetaType},
					{"Items", astmodel.ArrayType{Element: def.Name}},
				}})
		}
	}
	slices.SortFunc(targets, func(a, b copyTarget) int { return cmp.Compare(a.name, b.name) })

	var decls []dst.Decl
	for _, target := range targets {
		ds, err := fb.deepCopyMethods(target)
		if err != nil {
			return nil, fmt.Errorf("deepcopy of %s: %w", target.name, err)
		}
		decls = append(decls, ds...)
	}
	return decls, nil
}

// deepCopyMethods renders DeepCopyInto, DeepCopy and, for root types, DeepCopyObject, with the
// semantics controller-gen gives them.
func (fb *fileBuilder) deepCopyMethods(target copyTarget) ([]dst.Decl, error) {
	name := target.name
	body := []dst.Stmt{assign(deref(ident("out")), deref(ident("in")))}
	for _, f := range target.fields {
		stmts, err := fb.fieldCopy(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		body = append(body, stmts...)
	}
	into := withDoc(method("in", name, "DeepCopyInto", []*dst.Field{field("out", deref(ident(name)))}, nil, body...),
		"DeepCopyInto copies the receiver into out so that the two share no memory. in must not be nil.")

	deepCopy := withDoc(method("in", name, "DeepCopy", nil, []*dst.Field{field("", deref(ident(name)))},
		ifStmt(binary(ident("in"), token.EQL, nilIdent()), returns(nilIdent())),
		define([]string{"out"}, call(ident("new"), ident(name))),
		exprStmt(call(path("in", "DeepCopyInto"), ident("out"))),
		returns(ident("out"))),
		"DeepCopy returns a copy of the receiver that shares no memory with it, or nil for nil.")

	decls := []dst.Decl{into, deepCopy}
	if target.root {
		// Returning c unconditionally would turn a nil *T into a non-nil interface.
		copied := &dst.IfStmt{
			Init: define([]string{"c"}, call(path("in", "DeepCopy"))),
			Cond: binary(ident("c"), token.NEQ, nilIdent()),
			Body: &dst.BlockStmt{List: []dst.Stmt{returns(ident("c"))}},
		}
		object := withDoc(method("in", name, "DeepCopyObject", nil,
			[]*dst.Field{field("", fb.qualified(astmodel.RuntimePackage, "Object"))},
			copied, returns(nilIdent())),
			"DeepCopyObject returns a deep copy as a runtime.Object, which is how Kubernetes clients and caches copy objects.")
		decls = append(decls, object)
	}
	return decls, nil
}

// fieldCopy returns what finishes copying one field after "*out = *in" copied its top level.
func (fb *fileBuilder) fieldCopy(f copyField) ([]dst.Stmt, error) {
	s, err := fb.shapeOf(f.t)
	if err != nil {
		return nil, err
	}
	switch s.kind {
	case byValue:
		return nil, nil
	case byMethod:
		return []dst.Stmt{exprStmt(call(path("in", f.name, "DeepCopyInto"), addr(path("out", f.name))))}, nil
	}
	inner, err := fb.copyReferenced(s)
	if err != nil {
		return nil, err
	}
	// Shadowing in and out with pointers to the field lets every level of nesting use the same
	// statements, whatever the depth.
	body := append([]dst.Stmt{define([]string{"in", "out"}, addr(path("in", f.name)), addr(path("out", f.name)))}, inner...)
	return []dst.Stmt{ifStmt(binary(path("in", f.name), token.NEQ, nilIdent()), body...)}, nil
}

// copyReferenced returns statements that copy *in into *out, where in and out point to a
// non-nil pointer, slice or map of shape s.
func (fb *fileBuilder) copyReferenced(s copyShape) ([]dst.Stmt, error) {
	es, err := fb.shapeOf(s.elem)
	if err != nil {
		return nil, err
	}
	var inner []dst.Stmt
	if es.kind != byValue && es.kind != byMethod {
		if inner, err = fb.copyReferenced(es); err != nil {
			return nil, err
		}
	}
	in, out := func() dst.Expr { return deref(ident("in")) }, func() dst.Expr { return deref(ident("out")) }

	switch s.kind {
	case pointerCopy:
		elem, err := fb.typeExpr(s.elem)
		if err != nil {
			return nil, err
		}
		stmts := []dst.Stmt{assign(out(), call(ident("new"), elem))}
		switch es.kind {
		case byValue:
			stmts = append(stmts, assign(deref(out()), deref(in())))
		case byMethod:
			stmts = append(stmts, exprStmt(call(sel(&dst.ParenExpr{X: in()}, "DeepCopyInto"), out())))
		default:
			stmts = append(stmts, ifStmt(binary(deref(in()), token.NEQ, nilIdent()),
				append([]dst.Stmt{define([]string{"in", "out"}, in(), out())}, inner...)...))
		}
		return stmts, nil

	case sliceCopy:
		made, err := fb.makeLike(s)
		if err != nil {
			return nil, err
		}
		stmts := []dst.Stmt{made}
		item := func(x func() dst.Expr) dst.Expr { return index(x(), ident("i")) }
		switch es.kind {
		case byValue:
			stmts = append(stmts, exprStmt(call(ident("copy"), out(), in())))
		case byMethod:
			stmts = append(stmts, rangeStmt("i", "", in(),
				exprStmt(call(sel(item(in), "DeepCopyInto"), addr(item(out))))))
		default:
			stmts = append(stmts, rangeStmt("i", "", in(),
				ifStmt(binary(item(in), token.NEQ, nilIdent()),
					append([]dst.Stmt{define([]string{"in", "out"}, addr(item(in)), addr(item(out)))}, inner...)...)))
		}
		return stmts, nil

	case mapCopy:
		made, err := fb.makeLike(s)
		if err != nil {
			return nil, err
		}
		stmts := []dst.Stmt{made}
		entry := func() dst.Expr { return index(out(), ident("key")) }
		switch es.kind {
		case byValue:
			stmts = append(stmts, rangeStmt("key", "val", in(), assign(entry(), ident("val"))))
		case byMethod:
			stmts = append(stmts, rangeStmt("key", "val", in(),
				assign(entry(), deref(call(path("val", "DeepCopy"))))))
		default:
			valueType, err := fb.typeExpr(s.elem)
			if err != nil {
				return nil, err
			}
			declare := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{
				&dst.ValueSpec{Names: []*dst.Ident{ident("outVal")}, Type: valueType},
			}}}
			stmts = append(stmts, rangeStmt("key", "val", in(),
				declare,
				ifStmt(binary(ident("val"), token.NEQ, nilIdent()),
					append([]dst.Stmt{define([]string{"in", "out"}, addr(ident("val")), addr(ident("outVal")))}, inner...)...),
				assign(entry(), ident("outVal"))))
		}
		return stmts, nil
	}
	return nil, fmt.Errorf("cannot copy through %v", s.kind)
}

// makeLike allocates *out as a slice or map of *in's length and type.
func (fb *fileBuilder) makeLike(s copyShape) (dst.Stmt, error) {
	t, err := fb.typeExpr(s.written)
	if err != nil {
		return nil, err
	}
	return assign(deref(ident("out")), call(ident("make"), t, call(ident("len"), deref(ident("in"))))), nil
}

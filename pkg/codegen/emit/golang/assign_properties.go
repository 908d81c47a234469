package golang

import (
	"fmt"
	"go/token"
	"unicode"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Packages conversion code uses.
var (
	fmtPackage        = astmodel.MakeExternalPackage("fmt", "fmt")
	slicesPackage     = astmodel.MakeExternalPackage("slices", "slices")
	mapsPackage       = astmodel.MakeExternalPackage("maps", "maps")
	conversionPackage = astmodel.MakeExternalPackage("sigs.k8s.io/controller-runtime/pkg/conversion", "conversion")
)

// Names used inside conversion methods. Local variables are named after properties plus a
// suffix (skuValue, tagsMap), so none can be a keyword, a package name or one of these.
const (
	sourceParam      = "source"
	destinationParam = "destination"
	hubParam         = "hub"
	bagVar           = "propertyBag"
)

// assignmentDecls renders the AssignProperties methods planned for a type.
func (fb *fileBuilder) assignmentDecls(self string) ([]dst.Decl, error) {
	var decls []dst.Decl
	for _, a := range fb.conv.Of(fb.pkg.TypeName(self)) {
		from, err := fb.assignMethod(a, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.FromMethod, err)
		}
		to, err := fb.assignMethod(a, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.ToMethod, err)
		}
		decls = append(decls, from, to)
	}
	return decls, nil
}

// assignMethod renders Self.AssignProperties_From_X(source *X) (fromOther) or
// Self.AssignProperties_To_X(destination *X).
func (fb *fileBuilder) assignMethod(a *astmodel.PropertyAssignment, fromOther bool) (*dst.FuncDecl, error) {
	self := a.Self.Name
	recv := receiverName(self)
	other := fb.typeName(a.Other)
	c := &converter{fb: fb}

	var src, dstRoot func() dst.Expr
	var name, param, doc string
	var srcBag, dstBag string
	if fromOther {
		name, param = a.FromMethod, sourceParam
		src, dstRoot = func() dst.Expr { return ident(sourceParam) }, func() dst.Expr { return ident(recv) }
		srcBag, dstBag = a.OtherBag, a.SelfBag
		doc = fmt.Sprintf("%s populates the receiver from source, a %s.", name, a.Other)
	} else {
		name, param = a.ToMethod, destinationParam
		src, dstRoot = func() dst.Expr { return ident(recv) }, func() dst.Expr { return ident(destinationParam) }
		srcBag, dstBag = a.SelfBag, a.OtherBag
		doc = fmt.Sprintf("%s populates destination, a %s, from the receiver.", name, a.Other)
	}

	var body []dst.Stmt
	// Statements that open a paragraph: function() resets the spacing of every statement, so the
	// blank lines are set once the function is built.
	paragraphs := make(map[dst.Stmt]bool)
	if a.Resource {
		body = append(body, assign(sel(dstRoot(), "ObjectMeta"), deref(call(sel(src(), "ObjectMeta", "DeepCopy")))))
	}
	useBag := dstBag != "" && srcBag != ""
	if useBag {
		body = append(body, define([]string{bagVar}, call(fb.qualified(astmodel.GenRuntimePackage, "NewPropertyBag"), sel(src(), srcBag))))
	}
	prevBlock := true
	for _, step := range a.Steps {
		srcProp, dstProp, vc := step.Other, step.Self, step.From
		if !fromOther {
			srcProp, dstProp, vc = step.Self, step.Other, step.To
		}
		var stmts []dst.Stmt
		var err error
		switch {
		case vc != nil:
			c.what = step.Name()
			stmts, err = c.convert(vc, sel(src(), srcProp.Name), sel(dstRoot(), dstProp.Name), localBase(dstProp.Name))
		case !useBag:
			err = fmt.Errorf("%s has no counterpart and there is no property bag to keep it", step.Name())
		default:
			if dstProp != nil {
				stmts = append(stmts, c.pull(dstProp, sel(dstRoot(), dstProp.Name))...)
			}
			if srcProp != nil {
				stmts = append(stmts, c.add(srcProp, sel(src(), srcProp.Name))...)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", step.Name(), err)
		}
		if len(stmts) == 0 {
			continue
		}
		// A plain assignment speaks for itself; a block, a rename or a trip through the bag
		// stands apart, the latter two with a word of explanation.
		var comment string
		switch {
		case vc == nil && dstProp != nil && srcProp != nil:
			comment = fmt.Sprintf("// %s: the types differ, so each side's value waits in the property bag of the other", step.Name())
		case vc == nil && dstProp != nil:
			comment = fmt.Sprintf("// %s: the source has no such property; its value may wait in the property bag", dstProp.Name)
		case vc == nil:
			comment = fmt.Sprintf("// %s: the destination has no such property; the value waits in the property bag", srcProp.Name)
		case step.Self.Name != step.Other.Name:
			comment = fmt.Sprintf("// %s is called %s in %s", step.Self.Name, step.Other.Name, a.Other.Package.Version)
		}
		_, simple := stmts[0].(*dst.AssignStmt)
		block := len(stmts) > 1 || !simple
		if comment != "" || block || prevBlock {
			paragraphs[stmts[0]] = true
		}
		if comment != "" {
			stmts[0].Decorations().Start.Append(comment)
		}
		prevBlock = block || comment != ""
		body = append(body, stmts...)
	}
	if a.Resource && !fromOther && a.OriginalVersion != "" {
		set := assign(sel(dstRoot(), "Spec", astmodel.OriginalVersionName), stringLit(a.OriginalVersion))
		set.Decorations().Start.Append("// The operator talks to Azure with the api-version of the version the user wrote.")
		paragraphs[set] = true
		body = append(body, set)
	}
	if dstBag != "" {
		target := sel(dstRoot(), dstBag)
		var keep dst.Stmt
		if useBag {
			keep = &dst.IfStmt{
				Cond: binary(call(ident("len"), ident(bagVar)), token.GTR, &dst.BasicLit{Kind: token.INT, Value: "0"}),
				Body: &dst.BlockStmt{List: []dst.Stmt{assign(target, ident(bagVar))}},
				Else: &dst.BlockStmt{List: []dst.Stmt{assign(sel(dstRoot(), dstBag), nilIdent())}},
			}
			keep.Decorations().Start.Append("// What has no field of its own stays in the property bag.")
		} else {
			keep = assign(target, nilIdent())
			keep.Decorations().Start.Append("// The source has no property bag, and every property found a field.")
		}
		paragraphs[keep] = true
		body = append(body, keep)
	}
	ret := returns(nilIdent())
	paragraphs[ret] = true
	body = append(body, ret)

	fn := withDoc(method(recv, self, name, []*dst.Field{field(param, deref(other))}, []*dst.Field{field("", ident("error"))}, body...), doc)
	for _, s := range fn.Body.List {
		if paragraphs[s] && s != fn.Body.List[0] {
			s.Decorations().Before = dst.EmptyLine
		}
	}
	return fn, nil
}

// localBase is the stem of the local variables that convert a property: its name with a lower
// case initial (Sku -> sku).
func localBase(prop string) string {
	r := []rune(prop)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

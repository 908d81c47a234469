package golang

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// The generated tests as the syntax trees they were built as before tests.go wrote them as
// text: TestGeneratedTestsTextMatchTrees holds the text to the bytes these trees print.

// treeTestDecls renders the generators and tests of one types file.
func (fb *fileBuilder) treeTestDecls(plan filePlan) ([]dst.Decl, error) {
	var gens, tests []dst.Decl
	for _, def := range plan.defs {
		g, err := fb.treeGeneratorDecl(def)
		if err != nil {
			return nil, fmt.Errorf("generator of %s: %w", def.Name.Name, err)
		}
		gens = append(gens, g)
		switch def.Type.(type) {
		case *astmodel.ObjectType, *astmodel.ResourceType:
			tests = append(tests, fb.treeTestFunc(def.Name, def.Name.Name+"_JSONRoundTrip",
				"checks that JSON keeps every value of "+def.Name.Name+".",
				call(fb.qualified(gentestPackage, "RunJSONRoundTrip"), ident("t"), ident(generatorName(def.Name)))))
		}
		if rt, isResource := def.Type.(*astmodel.ResourceType); isResource {
			if d := fb.treeSpokeTest(def.Name); d != nil {
				tests = append(tests, d)
			}
			tests = append(tests, fb.treeARMRoundTripTests(rt)...)
			tests = append(tests, fb.treeARMPayloadTests(rt)...)
			continue
		}
		for _, a := range fb.conv.Of(def.Name) {
			self, other := fb.typeName(a.Self), fb.typeName(a.Other)
			tests = append(tests, fb.treeTestFunc(def.Name, fmt.Sprintf("%s_%s_RoundTrip", a.Self.Name, a.ToMethod),
				fmt.Sprintf("checks that converting a %s to %s and back loses nothing.", a.Self.Name, a.Other),
				call(&dst.IndexListExpr{X: fb.qualified(gentestPackage, "RunRoundTrip"), Indices: []dst.Expr{self, other}},
					ident("t"), ident(generatorName(a.Self)),
					treeMethodExpr(fb.typeName(a.Self), a.ToMethod), treeMethodExpr(fb.typeName(a.Self), a.FromMethod))))
		}
	}
	return append(gens, tests...), nil
}

// treeSpokeTest checks that a resource converts to its hub and back without loss.
func (fb *fileBuilder) treeSpokeTest(n astmodel.TypeName) dst.Decl {
	if fb.conv == nil {
		return nil
	}
	hub, ok := fb.conv.Graph.Hub(n)
	if !ok || hub == n {
		return nil
	}
	return fb.treeTestFunc(n, n.Name+"_HubRoundTrip",
		fmt.Sprintf("checks that converting a %s to the hub %s and back loses nothing.", n.Name, hub),
		call(&dst.IndexListExpr{X: fb.qualified(gentestPackage, "RunSpokeRoundTrip"), Indices: []dst.Expr{fb.typeName(n), fb.typeName(hub)}},
			ident("t"), ident(generatorName(n))))
}

// treeHubTestDecls renders the round trips that start from the definitions of plan: through every
// version that converts with them, where that version keeps a property bag (so that nothing of
// ours may be lost on the way).
func (fb *fileBuilder) treeHubTestDecls(plan filePlan) []dst.Decl {
	if fb.conv == nil {
		return nil
	}
	var tests []dst.Decl
	for _, def := range plan.defs {
		ours := func() dst.Expr { return fb.typeName(def.Name) }
		gen := func() dst.Expr { return ident(generatorName(def.Name)) }
		if _, isResource := def.Type.(*astmodel.ResourceType); isResource {
			// One kind per resource: look it up rather than scanning every kind of the run.
			if kv, ok := fb.conv.Graph.KindOf(def.Name); ok && kv.Hub == def.Name {
				for _, r := range kv.Resources {
					if r == def.Name || !r.Package.Storage {
						continue
					}
					tests = append(tests, fb.treeTestFunc(def.Name, fmt.Sprintf("%s_RoundTripThrough_%s", def.Name.Name, identifierOf(r.Package.Version)),
						fmt.Sprintf("checks that converting a hub %s to %s and back loses nothing.", def.Name.Name, r),
						call(&dst.IndexListExpr{X: fb.qualified(gentestPackage, "RunHubRoundTrip"), Indices: []dst.Expr{ours(), fb.typeName(r)}},
							ident("t"), gen())))
				}
			}
			continue
		}
		for _, a := range fb.conv.Towards(def.Name) {
			if a.SelfBag == "" || a.OtherBag == "" {
				continue
			}
			tests = append(tests, fb.treeTestFunc(def.Name, fmt.Sprintf("%s_RoundTripThrough_%s_%s", def.Name.Name, identifierOf(a.Self.Package.Version), a.Self.Name),
				fmt.Sprintf("checks that converting a %s to %s and back loses nothing.", def.Name.Name, a.Self),
				call(&dst.IndexListExpr{X: fb.qualified(gentestPackage, "RunReverseRoundTrip"), Indices: []dst.Expr{fb.typeName(a.Self), ours()}},
					ident("t"), gen(), treeMethodExpr(fb.typeName(a.Self), a.FromMethod), treeMethodExpr(fb.typeName(a.Self), a.ToMethod))))
		}
	}
	return tests
}

// treeTestFunc builds "func Test_<prefix>_name(t *testing.T) { body }", a test of the package of of.
func (fb *fileBuilder) treeTestFunc(of astmodel.TypeName, name, doc string, body dst.Expr) dst.Decl {
	name = "Test_" + testPrefix(of.Package) + "_" + name
	return withDoc(function(name, []*dst.Field{field("t", deref(fb.qualified(testingPackage, "T")))}, nil, exprStmt(body)),
		name+" "+doc)
}

// treeMethodExpr builds (*T).Method.
func treeMethodExpr(t dst.Expr, name string) dst.Expr {
	return &dst.SelectorExpr{X: &dst.ParenExpr{X: deref(t)}, Sel: ident(name)}
}

// treeGeneratorDecl renders "func GenerateX(t *rapid.T) X", which draws a random X.
func (fb *fileBuilder) treeGeneratorDecl(def astmodel.Definition) (dst.Decl, error) {
	name := def.Name.Name
	var result dst.Expr
	switch t := def.Type.(type) {
	case *astmodel.ResourceType:
		result = composite(fb.typeName(def.Name),
			keyValue("ObjectMeta", call(fb.qualified(gentestPackage, "ObjectMeta"), ident("t"))),
			keyValue("Spec", call(ident(generatorName(t.Spec)), ident("t"))),
			keyValue("Status", call(ident(generatorName(t.Status)), ident("t"))))
	case *astmodel.ObjectType:
		if len(t.Variants()) > 0 {
			return fb.treeUnionGeneratorDecl(def.Name, t)
		}
		elts, err := fb.treeFieldGenerators(t, t.Properties())
		if err != nil {
			return nil, err
		}
		result = composite(fb.typeName(def.Name), elts...)
	case astmodel.EnumType:
		if len(t.Values) == 0 {
			g, err := fb.treeGeneratorOf(t.Base)
			if err != nil {
				return nil, err
			}
			result = call(fb.typeName(def.Name), call(g, ident("t")))
			break
		}
		// Operator-only values are translated by the operator before the PUT, never sent as
		// they are: drawn here, the ARM payload tests would find them refused by the swagger.
		var values []dst.Expr
		for _, v := range t.Values {
			if !v.OperatorOnly {
				values = append(values, fb.qualified(def.Name.Package, name+"_"+v.Identifier))
			}
		}
		result = call(call(fb.qualified(gentestPackage, "OneOf"), values...), ident("t"))
	default:
		g, err := fb.treeGeneratorOf(t)
		if err != nil {
			return nil, err
		}
		result = call(fb.typeName(def.Name), call(g, ident("t")))
	}
	fn := function(generatorName(def.Name), []*dst.Field{field("t", deref(fb.qualified(rapidPackage, "T")))},
		[]*dst.Field{field("", fb.typeName(def.Name))}, returns(result))
	return withDoc(fn, generatorName(def.Name)+" draws a random "+name+" for property-based tests."), nil
}

// treeFieldGenerators renders "Name: generator(t)" for each of props, properties of t, one a line.
func (fb *fileBuilder) treeFieldGenerators(t *astmodel.ObjectType, props []*astmodel.Property) ([]dst.Expr, error) {
	var elts []dst.Expr
	for _, p := range props {
		pt := p.Type
		if p.Provenance.JSON != "" || p.JSONObjects {
			pt = astmodel.RenameReferences(pt, map[astmodel.TypeName]astmodel.TypeName{astmodel.JSONType: objectJSON})
		}
		g, err := fb.treeGeneratorOf(pt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		if o, ok := p.Type.(astmodel.OptionalType); ok && p.Required && p.KeyedBy == "" && isKeyedItemOf(t) {
			// The reference of a keyed list's item is what makes it an item at all.
			if g, err = fb.treeGeneratorOf(o.Element); err != nil {
				return nil, err
			}
			g = call(fb.qualified(gentestPackage, "Present"), g)
		}
		elts = append(elts, keyValue(p.Name, call(g, ident("t"))))
	}
	onePerLine(elts)
	return elts, nil
}

// treeUnionGeneratorDecl renders the generator of a union: it sets exactly one variant, as the CRD's
// one-of validation and the wire (which carries one variant) demand, and draws the union's other
// properties (a polymorphic resource's azureName and owner) as any object's.
func (fb *fileBuilder) treeUnionGeneratorDecl(n astmodel.TypeName, t *astmodel.ObjectType) (dst.Decl, error) {
	var own []*astmodel.Property
	for _, p := range t.Properties() {
		if !p.Variant {
			own = append(own, p)
		}
	}
	var cases []dst.Stmt
	var drawn []*astmodel.Property
	for _, p := range t.Variants() {
		// What keeps a variant the union does not know is Azure's to fill, never a client's.
		if !p.OtherVariant {
			drawn = append(drawn, p)
		}
	}
	for i, p := range drawn {
		g, err := fb.treeGeneratorOf(astmodel.Unwrap(p.Type))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		cases = append(cases, &dst.CaseClause{
			List: []dst.Expr{&dst.BasicLit{Kind: token.INT, Value: strconv.Itoa(i)}},
			Body: []dst.Stmt{define([]string{"variant"}, call(g, ident("t"))), assign(path("result", p.Name), addr(ident("variant")))},
		})
	}
	start := varDecl("result", fb.typeName(n))
	if len(own) > 0 {
		elts, err := fb.treeFieldGenerators(t, own)
		if err != nil {
			return nil, err
		}
		start = define([]string{"result"}, composite(fb.typeName(n), elts...))
	}
	body := []dst.Stmt{
		start,
		&dst.SwitchStmt{
			Tag:  call(fb.qualified(gentestPackage, "Variant"), ident("t"), &dst.BasicLit{Kind: token.INT, Value: strconv.Itoa(len(cases))}),
			Body: &dst.BlockStmt{List: cases},
		},
		returns(ident("result")),
	}
	fn := function(generatorName(n), []*dst.Field{field("t", deref(fb.qualified(rapidPackage, "T")))},
		[]*dst.Field{field("", fb.typeName(n))}, body...)
	return withDoc(fn, generatorName(n)+" draws a random "+n.Name+", with one variant set."), nil
}

// treeARMRoundTripTests check that a resource's spec and status survive the trip to the wire and
// back (see gentest.RunARMRoundTrip).
func (fb *fileBuilder) treeARMRoundTripTests(rt *astmodel.ResourceType) []dst.Decl {
	var tests []dst.Decl
	for _, n := range []astmodel.TypeName{rt.Spec, rt.Status} {
		if _, ok := fb.arm.Of(n); !ok {
			continue
		}
		tests = append(tests, fb.treeTestFunc(n, n.Name+"_ARMRoundTrip",
			"checks that "+n.Name+" survives ConvertToARM, JSON and PopulateFromARM.",
			call(&dst.IndexExpr{X: fb.qualified(gentestPackage, "RunARMRoundTrip"), Index: fb.typeName(n)},
				ident("t"), ident(generatorName(n)))))
	}
	return tests
}

// treeARMPayloadTests check that what a resource's spec sends has the shape of the swagger's PUT
// body (see gentest.RunARMPayloadCheck); they skip when the spec root is not set.
func (fb *fileBuilder) treeARMPayloadTests(rt *astmodel.ResourceType) []dst.Decl {
	if _, ok := fb.arm.Of(rt.Spec); !ok {
		return nil
	}
	n := rt.Spec
	return []dst.Decl{fb.treeTestFunc(n, n.Name+"_ARMPayloadMatchesSwagger",
		"checks that what "+n.Name+" sends to Azure is a valid "+rt.ARMType+" PUT body of api-version "+rt.APIVersion+".",
		call(&dst.IndexExpr{X: fb.qualified(gentestPackage, "RunARMPayloadCheck"), Index: fb.typeName(n)},
			ident("t"), ident(generatorName(n)), stringLit(rt.ARMType), stringLit(rt.APIVersion), stringLit(string(rt.Scope))))}
}

// treeGeneratorOf returns a function value that draws a random value of t.
func (fb *fileBuilder) treeGeneratorOf(t astmodel.Type) (dst.Expr, error) {
	wrap := func(combinator string, elem astmodel.Type) (dst.Expr, error) {
		g, err := fb.treeGeneratorOf(elem)
		if err != nil {
			return nil, err
		}
		return call(fb.qualified(gentestPackage, combinator), g), nil
	}
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		switch x {
		case astmodel.StringType:
			return fb.qualified(gentestPackage, "String"), nil
		case astmodel.IntType:
			return fb.qualified(gentestPackage, "Int"), nil
		case astmodel.FloatType:
			return fb.qualified(gentestPackage, "Float"), nil
		case astmodel.BoolType:
			return fb.qualified(gentestPackage, "Bool"), nil
		}
	case astmodel.ValidatedType:
		return fb.treeGeneratorOf(x.Element)
	case astmodel.OptionalType:
		return wrap("Optional", x.Element)
	case astmodel.ArrayType:
		return wrap("SliceOf", x.Element)
	case astmodel.MapType:
		if astmodel.Unwrap(x.Key) != astmodel.StringType {
			return nil, fmt.Errorf("maps with %s keys have no generator", x.Key)
		}
		return wrap("MapOf", x.Value)
	case astmodel.TypeName:
		if x.Package.IsAPI() {
			return ident(generatorName(x)), nil
		}
		if g, ok := generatorsOf[x]; ok {
			return fb.qualified(gentestPackage, g), nil
		}
	}
	return nil, fmt.Errorf("no generator for %s", t)
}

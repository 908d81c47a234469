package golang

import (
	"bytes"
	"go/format"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// generatedTestsModel is assignmentModel (an API package, its storage twin and the conversions
// between them) made a kind with a hub, an ARM plan for its resource, and definitions that take
// every way through the generators: objects with no property, one, and keys long enough that
// gofmt aligns them in sections; enums with values (one operator-only), without values, and
// with only operator-only ones; named maps and lists; a keyed list's item; free-form JSON in
// place of an object; unions with and without properties of their own, and one none of whose
// variants a client sets.
func generatedTestsModel(t *testing.T) (astmodel.Definitions, *astmodel.Conversions, *astmodel.ARMPlan) {
	defs, conv, _ := assignmentModel()
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	storage := api.StorageTwin()
	widget, storageWidget := astmodel.MakeTypeName(api, "Widget"), astmodel.MakeTypeName(storage, "Widget")
	graph := astmodel.NewConversionGraph()
	if err := graph.AddKind(astmodel.GroupKind{Group: "widgets", Kind: "Widget"}, map[astmodel.TypeName]astmodel.TypeName{widget: storageWidget}, storageWidget); err != nil {
		t.Fatal(err)
	}
	conv.Graph = graph
	rt := *defs[widget].Type.(*astmodel.ResourceType)
	rt.ARMType, rt.APIVersion, rt.Scope = "Microsoft.Widgets/widgets", "2024-01-01", astmodel.ScopeResourceGroup
	plan := astmodel.NewARMPlan()
	for _, n := range []astmodel.TypeName{rt.Spec, rt.Status} {
		plan.Add(&astmodel.ARMObject{API: n, ARM: astmodel.MakeTypeName(api.ARMPackage(), n.Name), ResourceSpec: n == rt.Spec})
	}

	str, optional := astmodel.StringType, astmodel.NewOptional
	prop := func(name string, t astmodel.Type) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t}
	}
	variant := func(name string, t astmodel.Type) *astmodel.Property {
		p := prop(name, optional(t))
		p.Variant = true
		return p
	}
	union := func(props ...*astmodel.Property) *astmodel.ObjectType {
		o := astmodel.NewObjectType(props...)
		o.OneOf = true
		return o
	}
	name := func(n string) astmodel.TypeName { return astmodel.MakeTypeName(api, n) }
	long := strings.Repeat("Long", 11)
	item := prop("Reference", optional(astmodel.ResourceReferenceType))
	item.Required = true
	recursive := prop("Deeper", astmodel.JSONType)
	recursive.Provenance.JSON = "recursive"
	objects := prop("Criteria", astmodel.MapType{Key: str, Value: astmodel.JSONType})
	objects.JSONObjects = true
	other := variant("Other", astmodel.JSONType)
	other.OtherVariant = true
	defs = defs.With(
		astmodel.Definition{Name: widget, Type: &rt},
		astmodel.Definition{Name: name("Empty"), Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: name("Single"), Type: astmodel.NewObjectType(prop("Only", astmodel.FloatType))},
		astmodel.Definition{Name: name("Aligned"), Type: astmodel.NewObjectType(
			prop("A", str), prop("Bb", optional(astmodel.BoolType)), prop(long, str), prop(long+"Longer", astmodel.IntType),
			prop("C", astmodel.ArrayType{Element: optional(str)}), prop(long+long, str), prop("D", str), recursive, objects,
			prop("Secret", optional(astmodel.SecretReferenceType)), prop("Bag", astmodel.PropertyBagType),
			prop("Conditions", astmodel.ArrayType{Element: astmodel.ConditionType}),
			prop("Validated", astmodel.ValidatedType{Element: str}))},
		astmodel.Definition{Name: name("Size"), Type: astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{
			{Identifier: "Small", Value: "small"}, {Identifier: "Auto", Value: "auto", OperatorOnly: true}, {Identifier: "Large", Value: "large"}}}},
		astmodel.Definition{Name: name("Level"), Type: astmodel.EnumType{Base: astmodel.IntType}},
		astmodel.Definition{Name: name("Hidden"), Type: astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{{Identifier: "Auto", Value: "auto", OperatorOnly: true}}}},
		astmodel.Definition{Name: name("Labels"), Type: astmodel.MapType{Key: str, Value: str}},
		astmodel.Definition{Name: name("Sizes"), Type: astmodel.ArrayType{Element: name("Size")}},
		astmodel.Definition{Name: name("Peer"), Type: astmodel.NewObjectType(item)},
		astmodel.Definition{Name: name("Shape"), Type: union(variant("Circle", name("Single")), variant("Square", name("Empty")))},
		astmodel.Definition{Name: name("Owned"), Type: union(prop("AzureName", str), prop("Owner", optional(astmodel.KnownResourceReferenceType)), variant("Circle", name("Single")))},
		astmodel.Definition{Name: name("Reported"), Type: union(other)},
	)
	return defs, conv, plan
}

// TestGeneratedTestsTextMatchTrees: the generated test files written as text are the bytes the
// syntax trees they replaced print (tests_trees_test.go), and they are gofmt's layout.
func TestGeneratedTestsTextMatchTrees(t *testing.T) {
	defs, conv, plan := generatedTestsModel(t)
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	files := 0
	for _, pkg := range []astmodel.PackageReference{api, api.StorageTwin()} {
		plans, err := planFiles(defs.InPackage(pkg))
		if err != nil {
			t.Fatal(err)
		}
		group := groupTestPackage(pkg)
		for _, fp := range plans {
			builder := func() *fileBuilder {
				fb := newFileBuilder(defs, group)
				fb.conv, fb.arm, fb.printer = conv, plan, PrintGo
				return fb
			}
			fb := builder()
			decls, err := fb.treeTestDecls(fp)
			if err != nil {
				t.Fatalf("%s: %v", fp.name, err)
			}
			want, err := fb.render(group.Name, append(decls, fb.treeHubTestDecls(fp)...), nil)
			if err != nil {
				t.Fatalf("%s: %v", fp.name, err)
			}
			// The text's head (package clause, imports) is printed by whichever printer the
			// run chose: each must give the trees' bytes.
			var got []byte
			for _, printer := range []Printer{PrintDirectOnly, PrintGo} {
				fb = builder()
				fb.printer = printer
				var w goText
				if err := fb.testText(&w, fp); err != nil {
					t.Fatalf("%s: %v", fp.name, err)
				}
				got, err = fb.renderText(group.Name, w.buf.Bytes())
				if err != nil {
					t.Fatalf("%s, printed with %s: %v", fp.name, printer, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s of %s, printed with %s: the text differs from the trees (-trees +text):\n%s", fp.name, pkg, printer, cmp.Diff(string(want), string(got)))
				}
			}
			files++
			if testing.Verbose() {
				t.Logf("%s", got)
			}
			formatted, err := format.Source(got)
			if err != nil {
				t.Errorf("%s does not parse: %v\n%s", fp.name, err, got)
			} else if !bytes.Equal(formatted, got) {
				t.Errorf("%s is not gofmt's layout (-text +gofmt):\n%s", fp.name, cmp.Diff(string(got), string(formatted)))
			}
		}
	}
	if files < 2 {
		t.Fatalf("the model makes %d test files; want one for each package", files)
	}
}

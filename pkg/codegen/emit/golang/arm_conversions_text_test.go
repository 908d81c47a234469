package golang

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/dave/dst"
	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// armModel is a package of objects with an ARM plan that takes every way through the ARM
// conversions: envelopes one and two deep, values the API requires but the wire does not,
// enums (read back with ToEnum, or cast), named maps, lists and maps of objects and of scalars,
// enum map keys, references of every kind, secrets and config-map values (sent, never read), a
// list keyed by reference that is a map on the wire, free-form JSON, a resource spec with each
// kind of owner, and an object nothing of which is read back.
func armModel() (astmodel.Definitions, *astmodel.ARMPlan) {
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	wire := api.ARMPackage()
	str, integer, optional := astmodel.StringType, astmodel.IntType, astmodel.NewOptional
	plan := astmodel.NewARMPlan()
	var defs []astmodel.Definition
	define := func(name string, t astmodel.Type) astmodel.TypeName {
		n := astmodel.MakeTypeName(api, name)
		defs = append(defs, astmodel.Definition{Name: n, Type: t})
		return n
	}
	prop := func(name string, t astmodel.Type) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t}
	}
	wired := func(p *astmodel.Property, wt astmodel.Type, envelopes ...string) astmodel.ARMProperty {
		ap := astmodel.ARMProperty{API: p, Field: p.Name, Type: wt}
		for _, e := range envelopes {
			ap.Path = append(ap.Path, astmodel.ARMEnvelope{Field: e, Type: astmodel.MakeTypeName(wire, e+"Envelope")})
		}
		return ap
	}
	// object defines an object of the properties own, which have no place on the wire (a
	// spec's azureName and owner), and props.
	object := func(name string, resourceSpec bool, own []*astmodel.Property, props ...astmodel.ARMProperty) astmodel.TypeName {
		ps := own
		for _, p := range props {
			ps = append(ps, p.API)
		}
		n := define(name, astmodel.NewObjectType(ps...))
		plan.Add(&astmodel.ARMObject{API: n, ARM: astmodel.MakeTypeName(wire, name), ResourceSpec: resourceSpec, Properties: props})
		return n
	}

	color := define("Color", astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{{Identifier: "Red", Value: "red"}}})
	level := define("Level", astmodel.EnumType{Base: integer})
	tags := define("Tags", astmodel.MapType{Key: str, Value: str})
	names := define("Names", astmodel.ArrayType{Element: str})
	inner := object("Inner", false, nil,
		wired(prop("Name", optional(str)), optional(str)),
		wired(prop("Color", optional(color)), optional(str)),
		wired(prop("Level", optional(level)), optional(integer)))
	innerARM := astmodel.MakeTypeName(wire, "Inner")
	peer := object("Peer", false, nil,
		wired(prop("Reference", optional(astmodel.ResourceReferenceType)), optional(str)),
		wired(prop("Weight", optional(integer)), optional(integer)))
	peers := prop("Peers", astmodel.ArrayType{Element: peer})
	peers.KeyedBy = "Reference"
	specOwn := []*astmodel.Property{prop("AzureName", str), prop("Owner", optional(astmodel.KnownResourceReferenceType))}
	object("Widget_Spec", true, specOwn,
		wired(prop("Count", integer), optional(integer)),
		wired(prop("Kind", str), str),
		wired(prop("Color", optional(color)), optional(str), "Properties"),
		wired(prop("Deep", optional(str)), optional(str), "Properties", "Settings"),
		wired(prop("Inner", optional(inner)), optional(innerARM), "Properties"),
		wired(prop("InnerRequired", inner), optional(innerARM)),
		wired(prop("Items", astmodel.ArrayType{Element: inner}), astmodel.ArrayType{Element: innerARM}),
		wired(prop("Levels", astmodel.ArrayType{Element: level}), astmodel.ArrayType{Element: integer}),
		wired(prop("ByColor", astmodel.MapType{Key: color, Value: inner}), astmodel.MapType{Key: str, Value: innerARM}),
		wired(prop("Tags", tags), astmodel.MapType{Key: str, Value: str}),
		wired(prop("Names", names), astmodel.ArrayType{Element: str}),
		wired(prop("OptionalNames", optional(astmodel.ArrayType{Element: str})), astmodel.ArrayType{Element: str}),
		wired(prop("SubnetReference", optional(astmodel.ResourceReferenceType)), optional(str)),
		wired(prop("Subnets", astmodel.ArrayType{Element: astmodel.ResourceReferenceType}), astmodel.ArrayType{Element: str}),
		wired(prop("Role", optional(astmodel.WellKnownReferenceType)), optional(str)),
		wired(prop("Password", optional(astmodel.SecretReferenceType)), optional(str), "Properties"),
		wired(prop("Keys", optional(astmodel.SecretMapReferenceType)), astmodel.MapType{Key: str, Value: str}),
		wired(prop("Setting", optional(astmodel.ConfigMapReferenceType)), optional(str)),
		wired(peers, astmodel.MapType{Key: str, Value: astmodel.MakeTypeName(wire, "Peer")}),
		wired(prop("Extra", astmodel.JSONType), astmodel.JSONType),
		wired(prop("ExtraMap", astmodel.MapType{Key: str, Value: astmodel.JSONType}), astmodel.MapType{Key: str, Value: astmodel.JSONType}),
	)
	object("Extension_Spec", true, []*astmodel.Property{prop("Owner", optional(astmodel.ArbitraryOwnerReferenceType))},
		wired(prop("Mode", optional(str)), optional(str)))
	object("Secretive", false, nil, wired(prop("Password", optional(astmodel.SecretReferenceType)), optional(str)))
	object("Widget_STATUS", false, nil,
		wired(prop("Id", optional(str)), optional(str)),
		wired(prop("Color", optional(color)), optional(str), "Properties"),
		wired(prop("Inner", optional(inner)), optional(innerARM), "Properties"),
		wired(prop("Tags", astmodel.MapType{Key: str, Value: str}), astmodel.MapType{Key: str, Value: str}))
	return astmodel.Definitions{}.With(defs...), plan
}

// TestARMConversionTextMatchesTrees: the ARM conversion methods written as text are the bytes
// the syntax trees they replaced print (arm_conversions_trees_test.go), through either printer,
// beside declarations still built as trees; and they are gofmt's layout.
func TestARMConversionTextMatchesTrees(t *testing.T) {
	defs, plan := armModel()
	converted := 0
	for _, def := range defs.Sorted() {
		obj, ok := def.Type.(*astmodel.ObjectType)
		if !ok {
			continue
		}
		if _, ok := plan.Of(def.Name); !ok {
			continue
		}
		converted++
		render := func(printer Printer, arm func(fb *fileBuilder) ([]dst.Decl, error)) []byte {
			t.Helper()
			fb := newFileBuilder(defs, def.Name.Package)
			fb.arm, fb.printer = plan, printer
			// A struct before the methods and a named type after them, as in a types file.
			before, err := fb.objectDecl(def, obj)
			if err != nil {
				t.Fatal(err)
			}
			methods, err := arm(fb)
			if err != nil {
				t.Fatalf("%s: %v", def.Name.Name, err)
			}
			after, err := fb.namedTypeDecl(defs[astmodel.MakeTypeName(def.Name.Package, "Tags")])
			if err != nil {
				t.Fatal(err)
			}
			decls := append(append([]dst.Decl{before}, methods...), after)
			out, err := fb.render(def.Name.Package.Name, decls, nil)
			if err != nil {
				t.Fatalf("%s: %v", def.Name.Name, err)
			}
			return out
		}
		text := func(fb *fileBuilder) ([]dst.Decl, error) {
			d, err := fb.textDecl(func(w *goText) error { return fb.armConversionText(w, def) })
			return []dst.Decl{d}, err
		}
		trees := func(fb *fileBuilder) ([]dst.Decl, error) { return fb.treeARMConversionDecls(def) }

		want := render(PrintGo, trees)
		for _, printer := range []Printer{PrintDirectOnly, PrintGo} {
			if got := render(printer, text); !bytes.Equal(got, want) {
				t.Errorf("%s, printed with %s: the text differs from the trees (-trees +text):\n%s", def.Name.Name, printer, cmp.Diff(string(want), string(got)))
			}
		}
		got := render(PrintDirectOnly, text)
		if testing.Verbose() {
			t.Logf("%s", got)
		}
		formatted, err := format.Source(got)
		if err != nil {
			t.Errorf("%s does not parse: %v\n%s", def.Name.Name, err, got)
		} else if !bytes.Equal(formatted, got) {
			t.Errorf("%s is not gofmt's layout (-text +gofmt):\n%s", def.Name.Name, cmp.Diff(string(got), string(formatted)))
		}
	}
	if converted < 6 {
		t.Fatalf("the model has %d objects with ARM conversions; want every one of armModel's", converted)
	}
}

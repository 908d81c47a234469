package golang

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/dave/dst"
	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// armStructModel is an arm package of wire types that takes every way through their structs:
// no fields, one, many of names and types of different widths (so that columns pad), types of
// this package and of others, pointers, lists, maps, a field of extra keys, and a tag that holds
// a back quote.
func armStructModel() (astmodel.Definitions, []astmodel.TypeName) {
	wire := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101").ARMPackage()
	str, optional := astmodel.StringType, astmodel.NewOptional
	var defs []astmodel.Definition
	var names []astmodel.TypeName
	define := func(name string, props ...*astmodel.Property) astmodel.TypeName {
		n := astmodel.MakeTypeName(wire, name)
		defs = append(defs, astmodel.Definition{Name: n, Type: astmodel.NewObjectType(props...)})
		names = append(names, n)
		return n
	}
	prop := func(name string, t astmodel.Type) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t}
	}
	define("Empty")
	inner := define("Inner", prop("Name", optional(str)))
	extra := prop("AdditionalProperties", astmodel.MapType{Key: str, Value: astmodel.JSONType})
	extra.ExtraKeys = true
	quoted := prop("Odd", optional(str))
	quoted.JSONName = "odd`name"
	define("Widget_Spec",
		prop("Id", optional(str)),
		prop("Inner", optional(inner)),
		prop("InnersByAVeryLongName", astmodel.MapType{Key: str, Value: astmodel.ArrayType{Element: inner}}),
		prop("Count", optional(astmodel.IntType)),
		quoted,
		extra)
	return astmodel.Definitions{}.With(defs...), names
}

// TestARMStructTextMatchesTrees: the wire type structs written as text are the bytes the syntax
// trees they replaced print (arm_struct_trees_test.go), through either printer, between
// declarations still built as trees; and they are gofmt's layout.
func TestARMStructTextMatchesTrees(t *testing.T) {
	defs, names := armStructModel()
	for _, n := range names {
		def := defs[n]
		obj := def.Type.(*astmodel.ObjectType)
		render := func(printer Printer, wire func(fb *fileBuilder) (dst.Decl, error)) []byte {
			t.Helper()
			fb := newFileBuilder(defs, n.Package)
			fb.printer = printer
			before, err := fb.namedTypeDecl(astmodel.Definition{Name: n.WithName("Before"), Type: astmodel.StringType})
			if err != nil {
				t.Fatal(err)
			}
			d, err := wire(fb)
			if err != nil {
				t.Fatalf("%s: %v", n.Name, err)
			}
			after, err := fb.namedTypeDecl(astmodel.Definition{Name: n.WithName("After"), Type: astmodel.StringType})
			if err != nil {
				t.Fatal(err)
			}
			out, err := fb.render(n.Package.Name, []dst.Decl{before, d, after}, nil)
			if err != nil {
				t.Fatalf("%s: %v", n.Name, err)
			}
			return out
		}
		text := func(fb *fileBuilder) (dst.Decl, error) {
			return fb.textDecl(func(w *goText) error { return fb.armStructText(w, def, obj) })
		}
		trees := func(fb *fileBuilder) (dst.Decl, error) { return fb.treeARMStruct(def, obj) }

		want := render(PrintGo, trees)
		for _, printer := range []Printer{PrintDirectOnly, PrintGo} {
			if got := render(printer, text); !bytes.Equal(got, want) {
				t.Errorf("%s, printed with %s: the text differs from the trees (-trees +text):\n%s", n.Name, printer, cmp.Diff(string(want), string(got)))
			}
		}
		got := render(PrintDirectOnly, text)
		if testing.Verbose() {
			t.Logf("%s", got)
		}
		formatted, err := format.Source(got)
		if err != nil {
			t.Errorf("%s does not parse: %v\n%s", n.Name, err, got)
		} else if !bytes.Equal(formatted, got) {
			t.Errorf("%s is not gofmt's layout (-text +gofmt):\n%s", n.Name, cmp.Diff(string(got), string(formatted)))
		}
	}
}

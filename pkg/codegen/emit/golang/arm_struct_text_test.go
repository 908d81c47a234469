package golang

import (
	"testing"

	"github.com/dave/dst"

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
		render := func(printer Printer, decls declsOf) []byte {
			return renderBetweenTrees(t, defs, n, printer, decls)
		}
		text := oneDecl(func(fb *fileBuilder) (dst.Decl, error) {
			return fb.textDecl(func(w *goText) error { return fb.armStructText(w, def, obj) })
		})
		trees := oneDecl(func(fb *fileBuilder) (dst.Decl, error) { return fb.treeARMStruct(def, obj) })
		checkTextMatchesTrees(t, n.Name, render, text, trees)
	}
}

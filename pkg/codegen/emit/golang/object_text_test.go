package golang

import (
	"bytes"
	"testing"

	"github.com/dave/dst"
	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// objectModel is a package of objects that takes every way through a struct declaration: no
// fields, one field, many; with and without descriptions (one line, several, blank lines,
// trailing blanks, carriage returns, a first line that is all blanks); markers of the type
// (a one-of, rules) and of fields (validations of the value and of list items, required);
// types of this package and of others, pointers, lists, maps; extra tags, and a tag that
// holds a back quote.
func objectModel() (astmodel.Definitions, []astmodel.TypeName) {
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	other := astmodel.MakeAPIPackage(goldenBase, "gadgets", "v1api20230101")
	str, optional := astmodel.StringType, astmodel.NewOptional
	ptr := func(i int64) *int64 { return &i }
	var defs []astmodel.Definition
	var objects []astmodel.TypeName
	define := func(pkg astmodel.PackageReference, name, description string, t astmodel.Type) astmodel.TypeName {
		n := astmodel.MakeTypeName(pkg, name)
		defs = append(defs, astmodel.Definition{Name: n, Type: t, Description: description})
		if _, ok := t.(*astmodel.ObjectType); ok && pkg == api {
			objects = append(objects, n)
		}
		return n
	}
	prop := func(name string, t astmodel.Type, description string) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t, Description: description}
	}
	required := func(p *astmodel.Property) *astmodel.Property { p.Required = true; return p }

	color := define(api, "Color", "", astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{{Identifier: "Red", Value: "red"}}})
	gadget := define(other, "Gadget", "", astmodel.NewObjectType(prop("Name", optional(str), "")))
	define(api, "Empty", "Empty holds nothing.", astmodel.NewObjectType())
	define(api, "Single", "", astmodel.NewObjectType(prop("Name", optional(str), "")))
	tagged := prop("Owner", optional(astmodel.KnownResourceReferenceType), "The owner.")
	tagged.Tags = []astmodel.Tag{{Key: "group", Value: "widgets.azure.com"}, {Key: "kind", Value: "Widget"}}
	quoted := prop("Odd", optional(str), "")
	quoted.JSONName = "odd`name"
	define(api, "Widget_Spec", "The spec of a widget.\n\nIt has\r\ntrailing blanks   \nand an end.",
		astmodel.NewObjectType(
			required(prop("AzureName", astmodel.NewValidated(str, astmodel.Validations{MinLength: ptr(2), Pattern: `^[a-z]+$`}), "The name in Azure.\n  An indented line (gofmt reformats only comments at the left margin).")),
			prop("Color", optional(color), "  \nA first line of blanks."),
			prop("Gadget", optional(gadget), ""),
			prop("Gadgets", astmodel.NewValidated(astmodel.ArrayType{Element: astmodel.NewValidated(gadget, astmodel.Validations{MinLength: ptr(1)})}, astmodel.Validations{MinItems: ptr(1)}), "A list."),
			prop("Labels", astmodel.MapType{Key: str, Value: astmodel.ArrayType{Element: str}}, "Labels by key."),
			tagged,
			quoted,
			prop("Bag", astmodel.PropertyBagType, "")))
	union := astmodel.NewObjectType(prop("Circle", optional(str), "A circle."), prop("Square", optional(str), "A square."))
	union.OneOf = true
	define(api, "Shape", "A shape, one of its variants.", union)
	return astmodel.Definitions{}.With(defs...), objects
}

// TestObjectTextMatchesTrees: the struct declarations written as text are the bytes the syntax
// trees of objectDecl print, through either printer, between declarations still built as
// trees; and they are gofmt's layout.
func TestObjectTextMatchesTrees(t *testing.T) {
	defs, objects := objectModel()
	for _, n := range objects {
		def := defs[n]
		obj := def.Type.(*astmodel.ObjectType)
		render := func(printer Printer, decls declsOf) []byte {
			return renderBetweenTrees(t, defs, n, printer, decls)
		}
		text := oneDecl(func(fb *fileBuilder) (dst.Decl, error) {
			return fb.textDecl(func(w *goText) error { return fb.objectText(w, def, obj) })
		})
		trees := oneDecl(func(fb *fileBuilder) (dst.Decl, error) { return fb.objectDecl(def, obj) })
		checkTextMatchesTrees(t, n.Name, render, text, trees)
	}
}

// TestObjectTextLeavesOddCommentsToThePrinter: a description the printers would not take as it
// stands (a form feed, a vertical tab) is not written as text: the object is built as a tree,
// and the file is what it was when every object was one.
func TestObjectTextLeavesOddCommentsToThePrinter(t *testing.T) {
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	for _, description := range []string{"A form\ffeed.", "A vertical\vtab."} {
		n := astmodel.MakeTypeName(api, "Odd")
		obj := astmodel.NewObjectType(&astmodel.Property{Name: "Name", JSONName: "name", Type: astmodel.NewOptional(astmodel.StringType), Description: description})
		def := astmodel.Definition{Name: n, Type: obj, Description: description}
		defs := astmodel.Definitions{}.With(def)

		fb := newFileBuilder(defs, api)
		if err := fb.objectText(new(goText), def, obj); err != errNeedsTree {
			t.Errorf("%q: objectText gives %v, want errNeedsTree", description, err)
		}
		fb = newFileBuilder(defs, api)
		tree, err := fb.objectDecl(def, obj)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fb.render(api.Name, []dst.Decl{tree}, nil)
		if err != nil {
			t.Fatal(err)
		}
		fb = newFileBuilder(defs, api)
		decls, err := fb.definitionDecls(def)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fb.render(api.Name, decls, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%q: the file differs from the tree's (-tree +got):\n%s", description, cmp.Diff(string(want), string(got)))
		}
	}
}

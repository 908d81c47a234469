package golang

import (
	"testing"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// assignmentModel is an API package and its storage twin with property assignments that take
// every way through the AssignProperties methods: each kind of value conversion and its nesting
// (pointers, slices and maps of scalars, casts, deep copies and objects, objects converted by
// either side's method), renamed properties, properties only one side has or whose types differ
// (through the property bag, with and without a comparable zero value), each arrangement of
// property bags, and resources with their metadata and original version.
func assignmentModel() (astmodel.Definitions, *astmodel.Conversions, []astmodel.TypeName) {
	api := astmodel.MakeAPIPackage(goldenBase, "widgets", "v1api20240101")
	storage := api.StorageTwin()
	str, optional := astmodel.StringType, astmodel.NewOptional
	var defs []astmodel.Definition
	define := func(pkg astmodel.PackageReference, name string, t astmodel.Type) astmodel.TypeName {
		n := astmodel.MakeTypeName(pkg, name)
		defs = append(defs, astmodel.Definition{Name: n, Type: t})
		return n
	}
	prop := func(name string, t astmodel.Type) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t}
	}
	conv := astmodel.NewConversions(nil)
	var selves []astmodel.TypeName
	// assignment plans the methods of self (in api) with other (in storage); steps give each
	// property of either side, and how it converts each way when both sides have it.
	assignment := func(self, other astmodel.TypeName, selfBag, otherBag string, steps ...astmodel.AssignmentStep) *astmodel.PropertyAssignment {
		a := &astmodel.PropertyAssignment{Self: self, Other: other, SelfBag: selfBag, OtherBag: otherBag, Steps: steps,
			FromMethod: "AssignProperties_From_" + other.Name, ToMethod: "AssignProperties_To_" + other.Name}
		conv.Add(a)
		selves = append(selves, self)
		return a
	}
	both := func(p, q *astmodel.Property, from, to *astmodel.ValueConversion) astmodel.AssignmentStep {
		return astmodel.AssignmentStep{Self: p, Other: q, From: from, To: to}
	}
	same := func(p *astmodel.Property, vc *astmodel.ValueConversion) astmodel.AssignmentStep {
		return both(p, p, vc, vc)
	}
	assign := &astmodel.ValueConversion{Kind: astmodel.ConvertAssign}
	color := define(api, "Color", astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{{Identifier: "Red", Value: "red"}}})
	toString := &astmodel.ValueConversion{Kind: astmodel.ConvertCast, From: color, To: str}
	toColor := &astmodel.ValueConversion{Kind: astmodel.ConvertCast, From: str, To: color}
	deepCopy := &astmodel.ValueConversion{Kind: astmodel.ConvertDeepCopy}
	wrap := func(kind astmodel.ValueConversionKind, to astmodel.Type, element *astmodel.ValueConversion) *astmodel.ValueConversion {
		return &astmodel.ValueConversion{Kind: kind, To: to, Element: element}
	}

	inner := define(api, "Inner", astmodel.NewObjectType(prop("Name", optional(str))))
	innerStorage := define(storage, "Inner", astmodel.NewObjectType(prop("Name", optional(str)), prop("PropertyBag", astmodel.PropertyBagType)))
	assignment(inner, innerStorage, "", "PropertyBag", same(prop("Name", optional(str)), assign))
	viaSource := &astmodel.ValueConversion{Kind: astmodel.ConvertObject, From: inner, To: innerStorage, Method: "AssignProperties_To_Inner"}
	viaDestination := &astmodel.ValueConversion{Kind: astmodel.ConvertObject, From: innerStorage, To: inner, Method: "AssignProperties_From_Inner", OnDestination: true}

	steps := []astmodel.AssignmentStep{
		same(prop("Name", str), assign),
		both(prop("Color", color), prop("Color", str), toColor, toString),
		both(prop("OptionalColor", optional(color)), prop("OptionalColor", optional(str)),
			wrap(astmodel.ConvertOptional, optional(color), toColor), wrap(astmodel.ConvertOptional, optional(str), toString)),
		same(prop("Tags", astmodel.MapType{Key: str, Value: str}), wrap(astmodel.ConvertMap, astmodel.MapType{Key: str, Value: str}, assign)),
		same(prop("Names", astmodel.ArrayType{Element: str}), wrap(astmodel.ConvertSlice, astmodel.ArrayType{Element: str}, assign)),
		same(prop("Label", optional(str)), wrap(astmodel.ConvertOptional, optional(str), assign)),
		same(prop("Reference", optional(astmodel.ResourceReferenceType)), wrap(astmodel.ConvertOptional, optional(astmodel.ResourceReferenceType), deepCopy)),
		same(prop("Config", astmodel.JSONType), deepCopy),
		both(prop("Inner", optional(inner)), prop("Inner", optional(innerStorage)),
			wrap(astmodel.ConvertOptional, optional(inner), viaDestination), wrap(astmodel.ConvertOptional, optional(innerStorage), viaSource)),
		both(prop("Required", inner), prop("Required", innerStorage), viaDestination, viaSource),
		both(prop("Items", astmodel.ArrayType{Element: inner}), prop("Items", astmodel.ArrayType{Element: innerStorage}),
			wrap(astmodel.ConvertSlice, astmodel.ArrayType{Element: inner}, viaDestination), wrap(astmodel.ConvertSlice, astmodel.ArrayType{Element: innerStorage}, viaSource)),
		both(prop("ByName", astmodel.MapType{Key: str, Value: inner}), prop("ByName", astmodel.MapType{Key: str, Value: innerStorage}),
			wrap(astmodel.ConvertMap, astmodel.MapType{Key: str, Value: inner}, viaDestination), wrap(astmodel.ConvertMap, astmodel.MapType{Key: str, Value: innerStorage}, viaSource)),
		both(prop("Colors", astmodel.MapType{Key: str, Value: color}), prop("Colors", astmodel.MapType{Key: str, Value: str}),
			wrap(astmodel.ConvertMap, astmodel.MapType{Key: str, Value: color}, toColor), wrap(astmodel.ConvertMap, astmodel.MapType{Key: str, Value: str}, toString)),
		both(prop("ColorList", optional(astmodel.ArrayType{Element: optional(color)})), prop("ColorList", optional(astmodel.ArrayType{Element: optional(str)})),
			wrap(astmodel.ConvertOptional, optional(astmodel.ArrayType{Element: optional(color)}), wrap(astmodel.ConvertSlice, astmodel.ArrayType{Element: optional(color)}, wrap(astmodel.ConvertOptional, optional(color), toColor))),
			wrap(astmodel.ConvertOptional, optional(astmodel.ArrayType{Element: optional(str)}), wrap(astmodel.ConvertSlice, astmodel.ArrayType{Element: optional(str)}, wrap(astmodel.ConvertOptional, optional(str), toString)))),
		both(prop("Zone", optional(str)), prop("Location", optional(str)), assign, assign),
		{Self: prop("Retired", astmodel.IntType)},
		{Self: prop("Settings", inner)},
		{Other: prop("Added", astmodel.BoolType)},
		{Other: prop("Extra", innerStorage)},
		{Self: prop("Shape", str), Other: prop("Shape", optional(innerStorage))},
	}
	var selfProps, otherProps []*astmodel.Property
	for _, s := range steps {
		if s.Self != nil {
			selfProps = append(selfProps, s.Self)
		}
		if s.Other != nil {
			otherProps = append(otherProps, s.Other)
		}
	}
	specOf := define(api, "Widget_Spec", astmodel.NewObjectType(append(selfProps, prop("PropertyBag", astmodel.PropertyBagType))...))
	storageSpec := define(storage, "Widget_Spec", astmodel.NewObjectType(append(otherProps, prop("PropertyBag", astmodel.PropertyBagType))...))
	assignment(specOf, storageSpec, "PropertyBag", "PropertyBag", steps...)

	// No bag on either side: every property converts.
	plain := define(api, "Plain", astmodel.NewObjectType(prop("Name", str)))
	assignment(plain, define(storage, "Plain", astmodel.NewObjectType(prop("Name", str))), "", "", same(prop("Name", str), assign))

	status := define(api, "Widget_STATUS", astmodel.NewObjectType(prop("Id", optional(str))))
	storageStatus := define(storage, "Widget_STATUS", astmodel.NewObjectType(prop("Id", optional(str)), prop("PropertyBag", astmodel.PropertyBagType)))
	assignment(status, storageStatus, "", "PropertyBag", same(prop("Id", optional(str)), wrap(astmodel.ConvertOptional, optional(str), assign)))

	widget := define(api, "Widget", &astmodel.ResourceType{Spec: specOf, Status: status})
	storageWidget := define(storage, "Widget", &astmodel.ResourceType{Spec: storageSpec, Status: storageStatus})
	a := assignment(widget, storageWidget, "", "",
		both(prop("Spec", specOf), prop("Spec", storageSpec),
			&astmodel.ValueConversion{Kind: astmodel.ConvertObject, To: specOf, Method: "AssignProperties_From_Widget_Spec", OnDestination: true},
			&astmodel.ValueConversion{Kind: astmodel.ConvertObject, To: storageSpec, Method: "AssignProperties_To_Widget_Spec"}),
		both(prop("Status", status), prop("Status", storageStatus),
			&astmodel.ValueConversion{Kind: astmodel.ConvertObject, To: status, Method: "AssignProperties_From_Widget_STATUS", OnDestination: true},
			&astmodel.ValueConversion{Kind: astmodel.ConvertObject, To: storageStatus, Method: "AssignProperties_To_Widget_STATUS"}))
	a.Resource, a.OriginalVersion = true, api.Version
	return astmodel.Definitions{}.With(defs...), conv, selves
}

// TestAssignmentTextMatchesTrees: the AssignProperties methods written as text are the bytes
// the syntax trees they replaced print (assign_properties_trees_test.go), through either
// printer, beside declarations still built as trees; and they are gofmt's layout.
func TestAssignmentTextMatchesTrees(t *testing.T) {
	defs, conv, selves := assignmentModel()
	for _, self := range selves {
		render := func(printer Printer, methods declsOf) []byte {
			t.Helper()
			fb := newFileBuilder(defs, self.Package)
			fb.conv, fb.printer = conv, printer
			// Declarations built as trees around the methods, as in a types file.
			color := defs[astmodel.MakeTypeName(self.Package, "Color")]
			before, err := fb.namedTypeDecl(astmodel.Definition{Name: color.Name.WithName("Before"), Type: astmodel.StringType})
			if err != nil {
				t.Fatal(err)
			}
			ds, err := methods(fb)
			if err != nil {
				t.Fatalf("%s: %v", self.Name, err)
			}
			after, err := fb.namedTypeDecl(astmodel.Definition{Name: color.Name.WithName("After"), Type: astmodel.StringType})
			if err != nil {
				t.Fatal(err)
			}
			out, err := fb.render(self.Package.Name, append(append([]dst.Decl{before}, ds...), after), nil)
			if err != nil {
				t.Fatalf("%s: %v", self.Name, err)
			}
			return out
		}
		text := func(fb *fileBuilder) ([]dst.Decl, error) {
			d, err := fb.assignmentDecl(self.Name)
			return []dst.Decl{d}, err
		}
		trees := func(fb *fileBuilder) ([]dst.Decl, error) { return fb.treeAssignmentDecls(self.Name) }

		checkTextMatchesTrees(t, self.Name, render, text, trees)
	}
}

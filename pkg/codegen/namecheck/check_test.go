package namecheck

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

var pkg = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")

var widget = astmodel.Definition{Name: pkg.TypeName("Widget"),
	Type: &astmodel.ResourceType{Spec: pkg.TypeName("Widget_Spec"), Status: pkg.TypeName("Widget_STATUS")}}

func prop(name, jsonName, source string) *astmodel.Property {
	return &astmodel.Property{Name: name, JSONName: jsonName, Type: astmodel.StringType, Source: source}
}

func TestCheck(t *testing.T) {
	other := astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20210101")
	cases := []struct {
		name string
		defs []astmodel.Definition
		// want are the words the error must hold; nil for no error.
		want []string
	}{
		{
			name: "distinct names",
			defs: []astmodel.Definition{widget, {Name: pkg.TypeName("Widget_Spec"),
				Type: astmodel.NewObjectType(prop("Size", "size", ""), prop("Colour", "colour", ""))}},
		},
		{
			name: "a type named like a resource's list",
			defs: []astmodel.Definition{widget, {Name: pkg.TypeName("WidgetList"), Type: astmodel.NewObjectType(), Source: "demo.json#/definitions/WidgetList"}},
			want: []string{pkg.TypeName("WidgetList").String(), pkg.TypeName("Widget").String(), "demo.json#/definitions/WidgetList", "$renameTo"},
		},
		{
			name: "a list-like name in another package",
			defs: []astmodel.Definition{widget, {Name: other.TypeName("WidgetList"), Type: astmodel.NewObjectType()}},
		},
		{
			name: "a type named like a kind of another version of its group",
			defs: []astmodel.Definition{widget, {Name: other.TypeName("Widget"), Type: astmodel.NewObjectType(), Source: "demo.json#/definitions/Widget"}},
			want: []string{other.TypeName("Widget").String(), "kind " + pkg.TypeName("Widget").String(), "demo.json#/definitions/Widget", "$renameTo", "WidgetType"},
		},
		{
			name: "a storage twin named like a kind of its group",
			defs: []astmodel.Definition{widget, {Name: other.StorageTwin().TypeName("Widget"), Type: astmodel.NewObjectType()}},
			want: []string{other.StorageTwin().TypeName("Widget").String(), "controller-gen"},
		},
		{
			name: "a kind exported in two versions, and wire types named like it",
			defs: []astmodel.Definition{widget, {Name: other.TypeName("Widget"), Type: &astmodel.ResourceType{}},
				{Name: other.ARMPackage().TypeName("Widget"), Type: astmodel.NewObjectType()}},
		},
		{
			name: "a kind's name in another group",
			defs: []astmodel.Definition{widget, {Name: astmodel.MakeAPIPackage("example.com/apis", "other", "v1api20200101").TypeName("Widget"), Type: astmodel.NewObjectType()}},
		},
		{
			name: "two properties with one JSON name",
			defs: []astmodel.Definition{widget, {Name: pkg.TypeName("Widget_Spec"),
				Type: astmodel.NewObjectType(prop("Size", "size", "a.json#/size"), prop("SizeValue", "size", "b.json#/size"))}},
			want: []string{pkg.TypeName("Widget_Spec").String(), `"size"`, "Size and SizeValue", "a.json#/size", "b.json#/size"},
		},
		{
			name: "two properties with one Go name, both kept by NewObjectType",
			defs: []astmodel.Definition{widget, {Name: pkg.TypeName("Widget_Spec"),
				Type: astmodel.NewObjectType(prop("Size", "size", "a.json#/definitions/W/properties/size"), prop("Size", "Size", "a.json#/definitions/W/properties/Size"))}},
			want: []string{`Go name "Size"`, "a.json#/definitions/W/properties/size", "$renameTo"},
		},
		{
			name: "a property named like a generated method",
			defs: []astmodel.Definition{widget, {Name: pkg.TypeName("Widget_Spec"),
				Type: astmodel.NewObjectType(&astmodel.Property{Name: "DeepCopy", JSONName: "deepCopy", ARMName: "deepCopy", Type: astmodel.StringType,
					Source: "a.json#/definitions/W/properties/deepCopy"})}},
			want: []string{"a.json#/definitions/W/properties/deepCopy", "generated method", "W: {deepCopy: {$renameTo: deepCopyProperty}}"},
		},
		{
			name: "a wire type may have a field named like an API type's method",
			defs: []astmodel.Definition{widget, {Name: pkg.ARMPackage().TypeName("Widget_Spec"),
				Type: astmodel.NewObjectType(prop("DeepCopy", "deepCopy", ""))}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(astmodel.Definitions{}.With(c.defs...))
			if c.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

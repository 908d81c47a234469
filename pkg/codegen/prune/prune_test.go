package prune

import (
	"slices"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

var pkg = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")

func object(name string, refs ...string) astmodel.Definition {
	var props []*astmodel.Property
	for _, r := range refs {
		props = append(props, &astmodel.Property{Name: "To" + r, JSONName: "to" + r, Type: astmodel.OptionalType{Element: pkg.TypeName(r)}})
	}
	return astmodel.Definition{Name: pkg.TypeName(name), Type: astmodel.NewObjectType(props...)}
}

func resource(name string) astmodel.Definition {
	return astmodel.Definition{Name: pkg.TypeName(name),
		Type: &astmodel.ResourceType{Spec: pkg.TypeName(name + "_Spec"), Status: pkg.TypeName(name + "_STATUS")}}
}

func TestUnreachable(t *testing.T) {
	cases := []struct {
		name string
		defs []astmodel.Definition
		want []string
	}{
		{
			name: "what a resource reaches stays",
			defs: []astmodel.Definition{
				resource("Widget"), object("Widget_Spec", "Sku"), object("Widget_STATUS", "Sku_STATUS"),
				object("Sku", "Tier"), object("Tier"), object("Sku_STATUS"),
			},
			want: []string{"Sku", "Sku_STATUS", "Tier", "Widget", "Widget_STATUS", "Widget_Spec"},
		},
		{
			name: "what nothing reaches goes, with what only it reaches",
			defs: []astmodel.Definition{
				resource("Widget"), object("Widget_Spec"), object("Widget_STATUS"),
				object("WidgetProperties", "Leftover"), object("Leftover"),
			},
			want: []string{"Widget", "Widget_STATUS", "Widget_Spec"},
		},
		{
			name: "a cycle nothing reaches goes",
			defs: []astmodel.Definition{
				resource("Widget"), object("Widget_Spec"), object("Widget_STATUS"),
				object("A", "B"), object("B", "A"),
			},
			want: []string{"Widget", "Widget_STATUS", "Widget_Spec"},
		},
		{
			name: "no resource, nothing kept",
			defs: []astmodel.Definition{object("A", "B"), object("B")},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Unreachable(astmodel.Definitions{}.With(c.defs...))
			var got []string
			for _, n := range out.Names() {
				got = append(got, n.Name)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("kept %v, want %v", got, c.want)
			}
		})
	}
}

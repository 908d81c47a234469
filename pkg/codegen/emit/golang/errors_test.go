package golang

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// A broken model must fail with a message naming the problem, not produce code that does not
// compile.
func TestModelErrors(t *testing.T) {
	network := astmodel.MakeAPIPackage(goldenBase, "network", "v1api20201101")
	vnet := astmodel.MakeTypeName(network, "VirtualNetwork")
	vnetSpec := astmodel.MakeTypeName(network, "VirtualNetwork_Spec")
	vnetStatus := astmodel.MakeTypeName(network, "VirtualNetwork_STATUS")
	resource := func(change func(*astmodel.ResourceType)) astmodel.Definition {
		defs := testModel(goldenBase)
		r := defs[vnet].Type.(*astmodel.ResourceType).With()
		change(r)
		return defs[vnet].WithType(r)
	}
	withoutProperty := func(n astmodel.TypeName, prop string) astmodel.Definition {
		d := testModel(goldenBase)[n]
		return d.WithType(d.Type.(*astmodel.ObjectType).WithoutProperty(prop))
	}
	withProperty := func(n astmodel.TypeName, p *astmodel.Property) astmodel.Definition {
		d := testModel(goldenBase)[n]
		return d.WithType(d.Type.(*astmodel.ObjectType).WithProperties(p))
	}

	cases := []struct {
		name   string
		change astmodel.Definition
		want   string
	}{
		{"unknown scope", resource(func(r *astmodel.ResourceType) { r.Scope = "" }), `unknown scope ""`},
		{"no conditions", withoutProperty(vnetStatus, "Conditions"), "has no Conditions property"},
		{"no azure name", withoutProperty(vnetSpec, "AzureName"), "has no AzureName property"},
		{"no owner", withoutProperty(vnetSpec, "Owner"), "has no Owner property"},
		{"missing spec", resource(func(r *astmodel.ResourceType) { r.Spec = r.Spec.WithName("Nowhere") }), "is not a defined object"},
		{"dangling reference", withProperty(vnetSpec, &astmodel.Property{
			Name: "Missing", JSONName: "missing", Type: astmodel.MakeTypeName(network, "Missing"),
		}), "undefined type network/v1api20201101.Missing"},
		{"inline object", withProperty(vnetSpec, &astmodel.Property{
			Name: "Inline", JSONName: "inline", Type: astmodel.NewObjectType(),
		}), "needs a name"},
		{"bad int enum", astmodel.Definition{
			Name: astmodel.MakeTypeName(network, "Bad"),
			Type: astmodel.EnumType{Base: astmodel.IntType, Values: []astmodel.EnumValue{{Identifier: "X", Value: "x"}}},
		}, `value "x" is not an integer`},
		{"list name taken", astmodel.Definition{
			Name: astmodel.MakeTypeName(network, "VirtualNetworkList"), Type: astmodel.NewObjectType(),
		}, "clashes with the list type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs := testModel(goldenBase).With(c.change)
			_, err := Package(defs, network)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got error %v, want one containing %q", err, c.want)
			}
		})
	}

	if _, err := Package(testModel(goldenBase), astmodel.GenRuntimePackage); err == nil {
		t.Error("rendering an external package succeeded")
	}
}

func TestRegistrationWithoutResources(t *testing.T) {
	f, err := Registration(astmodel.Definitions{}, goldenBase)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, 0); err != nil {
		t.Errorf("empty registration does not parse: %v\n%s", err, f.Content)
	}
}

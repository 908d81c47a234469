package configapply

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// withMode is the raw model with WidgetProperties.mode, an enum of the swagger's two values.
func withMode() astmodel.Definitions {
	defs := raw()
	mode := pkg.TypeName("Mode")
	defs = defs.With(astmodel.Definition{Name: mode, Type: astmodel.EnumType{Base: astmodel.StringType,
		Values: []astmodel.EnumValue{{Identifier: "Default", Value: "default"}, {Identifier: "Recover", Value: "recover"}}}})
	props := defs[pkg.TypeName("WidgetProperties")]
	return defs.With(props.WithType(props.Type.(*astmodel.ObjectType).WithProperties(
		prop("mode", func(p *astmodel.Property) { p.Type = astmodel.OptionalType{Element: mode} }))))
}

// TestAdditionalEnumValues: the values are added to the enum where it is defined, after the
// swagger's, marked operator-only; the swagger's stay as they were.
func TestAdditionalEnumValues(t *testing.T) {
	res, err := applyTo(t, "Widget:\n  $export: true\n  mode:\n    $additionalEnumValues: [createOrRecover, purgeThenCreate]", withMode())
	if err != nil {
		t.Fatal(err)
	}
	got := res.Definitions[pkg.TypeName("Mode")].Type.(astmodel.EnumType).Values
	want := []astmodel.EnumValue{
		{Identifier: "Default", Value: "default"}, {Identifier: "Recover", Value: "recover"},
		{Identifier: "CreateOrRecover", Value: "createOrRecover", OperatorOnly: true},
		{Identifier: "PurgeThenCreate", Value: "purgeThenCreate", OperatorOnly: true},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
	if !strings.Contains(strings.Join(res.Read, "\n"), typesPath+"Widget.mode.$additionalEnumValues") {
		t.Errorf("not recorded as read: %v", res.Read)
	}
}

func TestAdditionalEnumValuesErrors(t *testing.T) {
	cases := []struct {
		name, types string
		want        []string
	}{
		{"a property the type does not have", "Widget:\n  $export: true\n  mdoe:\n    $additionalEnumValues: [createOrRecover]",
			[]string{"azure-arm.yaml:6:", typesPath + "Widget.mdoe", "Widget has no property mdoe", `did you mean "mode"`}},
		{"a property that is no enum", "Widget:\n  $export: true\n  adminKey:\n    $additionalEnumValues: [createOrRecover]",
			[]string{typesPath + "Widget.adminKey.$additionalEnumValues", "not an enum"}},
		{"a value the swagger has", "Widget:\n  $export: true\n  mode:\n    $additionalEnumValues: [recover]",
			[]string{typesPath + "Widget.mode.$additionalEnumValues", `already accepts "recover"`, "default, recover"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := applyTo(t, c.types, withMode())
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(*config.Error); !ok {
				t.Errorf("%T is not a config error", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestAdditionalEnumValuesStayOnThePropertyNamed: an enum the swagger shares with a property the
// setting does not name (a managed HSM's createMode shares a key vault's CreateMode) keeps the
// swagger's values there, since the operator translates the named property's alone: the named
// property gets an enum of its own, named for its holder and itself.
func TestAdditionalEnumValuesStayOnThePropertyNamed(t *testing.T) {
	defs := withMode()
	gadget := defs[pkg.TypeName("GadgetResource")]
	defs = defs.With(gadget.WithType(gadget.Type.(*astmodel.ObjectType).WithProperties(
		prop("mode", func(p *astmodel.Property) { p.Type = astmodel.OptionalType{Element: pkg.TypeName("Mode")} }))))
	res, err := applyTo(t, "Widget:\n  $export: true\n  mode:\n    $additionalEnumValues: [createOrRecover]", defs)
	if err != nil {
		t.Fatal(err)
	}
	modeOf := func(holder string) (astmodel.TypeName, []string) {
		obj := res.Definitions[pkg.TypeName(holder)].Type.(*astmodel.ObjectType)
		p, ok := obj.Property("Mode")
		if !ok {
			t.Fatalf("%s has no Mode: %s", holder, obj)
		}
		n := astmodel.Unwrap(p.Type).(astmodel.TypeName)
		var values []string
		for _, v := range res.Definitions[n].Type.(astmodel.EnumType).Values {
			values = append(values, v.Value)
		}
		return n, values
	}
	if n, got := modeOf("GadgetResource"); n.Name != "Mode" || !cmp.Equal(got, []string{"default", "recover"}) {
		t.Errorf("a gadget's mode, which the setting does not name, is %s %v, want Mode with the swagger's values only", n, got)
	}
	if n, got := modeOf("WidgetProperties"); n.Name != "WidgetProperties_Mode" || !cmp.Equal(got, []string{"default", "recover", "createOrRecover"}) {
		t.Errorf("a widget's mode is %s %v, want WidgetProperties_Mode with createOrRecover added", n, got)
	}
}

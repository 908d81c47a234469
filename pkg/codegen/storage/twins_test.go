package storage

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

var (
	pkg     = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")
	storage = pkg.StorageTwin()
)

func maxLength(n int64) astmodel.Validations { return astmodel.Validations{MaxLength: &n} }

// model is a resource Widget with an enum, a union, validations and a property that takes the
// property bag's Go name.
func model() astmodel.Definitions {
	oneOf := astmodel.NewObjectType(
		&astmodel.Property{Name: "Basic", JSONName: "basic", Type: astmodel.OptionalType{Element: astmodel.StringType}},
		&astmodel.Property{Name: "Premium", JSONName: "premium", Type: astmodel.OptionalType{Element: astmodel.StringType}},
	)
	oneOf.OneOf = true
	return astmodel.Definitions{}.With(
		astmodel.Definition{Name: pkg.TypeName("Widget"), Description: "a widget",
			Type: &astmodel.ResourceType{Spec: pkg.TypeName("Widget_Spec"), Status: pkg.TypeName("Widget_STATUS"), APIVersion: "2020-01-01", IsStorageVersion: true}},
		astmodel.Definition{Name: pkg.TypeName("Widget_Spec"), Description: "the spec", Type: astmodel.NewObjectType(
			&astmodel.Property{Name: "Name", JSONName: "name", Required: true, Description: "the name",
				Type: astmodel.NewValidated(astmodel.StringType, maxLength(10))},
			&astmodel.Property{Name: "Colour", JSONName: "colour", Type: astmodel.OptionalType{Element: pkg.TypeName("Colour")}},
			&astmodel.Property{Name: "Sku", JSONName: "sku", Type: astmodel.OptionalType{Element: pkg.TypeName("Sku")}},
			&astmodel.Property{Name: "Labels", JSONName: "labels",
				Type: astmodel.ArrayType{Element: astmodel.NewValidated(astmodel.StringType, maxLength(3))}},
			&astmodel.Property{Name: "Secret", JSONName: "secret", Type: astmodel.OptionalType{Element: astmodel.SecretReferenceType}},
		)},
		astmodel.Definition{Name: pkg.TypeName("Widget_STATUS"), Type: astmodel.NewObjectType(
			&astmodel.Property{Name: "PropertyBag", JSONName: "propertyBag", Type: astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType}},
			&astmodel.Property{Name: "Colours", JSONName: "colours", Type: astmodel.MapType{Key: astmodel.StringType, Value: pkg.TypeName("Colour")}},
		)},
		astmodel.Definition{Name: pkg.TypeName("Colour"), Type: astmodel.EnumType{Base: astmodel.StringType,
			Values: []astmodel.EnumValue{{Identifier: "Red", Value: "red"}}}},
		astmodel.Definition{Name: pkg.TypeName("Sku"), Type: oneOf},
		// Names another name: the twin names the other's twin.
		astmodel.Definition{Name: pkg.TypeName("Label"), Type: astmodel.NewValidated(pkg.TypeName("Colour"), maxLength(5))},
	)
}

func TestTwins(t *testing.T) {
	out := Twins(model())
	st := func(n string) string { return storage.TypeName(n).String() }
	want := map[string]string{
		"Widget_Spec": "{Colour *string; Labels []string; Name string; OriginalVersion string; PropertyBag " + astmodel.PropertyBagType.String() +
			"; Secret *" + astmodel.SecretReferenceType.String() + "; Sku *" + st("Sku") + "}",
		"Widget_STATUS": "{Colours map[string]string; PropertyBag map[string]string; PropertyBag2 " + astmodel.PropertyBagType.String() + "}",
		"Sku":           "{Basic *string; Premium *string; PropertyBag " + astmodel.PropertyBagType.String() + "}",
		"Label":         "string",
	}
	got := make(map[string]string)
	for n, d := range out {
		if n.Package != storage {
			continue
		}
		if _, ok := d.Type.(*astmodel.ResourceType); !ok {
			got[n.Name] = d.Type.String() // an object says "oneOf" when it is one
		}
		if d.Origin.Derivation != astmodel.StorageTwin || d.Origin.From != pkg.TypeName(n.Name) {
			t.Errorf("%s has origin %+v", n.Name, d.Origin)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("storage objects (-want +got):\n%s", diff)
	}
	// Nothing below the resource is documented, and the bag is known by its JSON name.
	for _, n := range []string{"Widget_Spec", "Widget_STATUS", "Sku"} {
		o := out[storage.TypeName(n)].Type.(*astmodel.ObjectType)
		for _, p := range o.Properties() {
			if p.Description != "" || p.Required {
				t.Errorf("%s.%s: description %q, required %v", n, p.Name, p.Description, p.Required)
			}
		}
		if bag, ok := o.PropertyBag(); !ok || bag.Type != astmodel.PropertyBagType {
			t.Errorf("%s has no property bag", n)
		}
	}
}

func TestTwinOfResource(t *testing.T) {
	out := Twins(model())
	d, ok := out[storage.TypeName("Widget")]
	if !ok {
		t.Fatal("no storage Widget")
	}
	r := d.Type.(*astmodel.ResourceType)
	if r.Spec != storage.TypeName("Widget_Spec") || r.Status != storage.TypeName("Widget_STATUS") || r.IsStorageVersion || r.APIVersion != "2020-01-01" {
		t.Errorf("storage resource %+v", r)
	}
	if d.Description != "Storage version of v1api20200101.Widget, a widget" {
		t.Errorf("description %q", d.Description)
	}
	// The API version is left as it was.
	if api := out[pkg.TypeName("Widget")].Type.(*astmodel.ResourceType); !api.IsStorageVersion || api.Spec != pkg.TypeName("Widget_Spec") {
		t.Errorf("API resource changed: %+v", api)
	}
}

func TestTwinsSkip(t *testing.T) {
	ext := astmodel.MakeExternalPackage("example.com/ext", "ext").TypeName("Thing")
	defs := model().With(
		astmodel.Definition{Name: ext, Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: storage.TypeName("Existing"), Type: astmodel.NewObjectType()},
	)
	out := Twins(defs)
	cases := []struct {
		name string
		n    astmodel.TypeName
	}{
		{"enums have no twin (storage types use their base)", storage.TypeName("Colour")},
		{"external types have no twin", ext.Package.StorageTwin().TypeName("Thing")},
		{"storage types have no twin", storage.StorageTwin().TypeName("Existing")},
	}
	for _, c := range cases {
		if _, ok := out[c.n]; ok {
			t.Errorf("%s: %s made", c.name, c.n)
		}
	}
	for n := range defs {
		if _, ok := out[n]; !ok {
			t.Errorf("%s was dropped", n)
		}
	}
}

func TestPropertyBagName(t *testing.T) {
	bag := func(names ...string) *astmodel.ObjectType {
		var props []*astmodel.Property
		for _, n := range names {
			props = append(props, &astmodel.Property{Name: n, JSONName: n, Type: astmodel.StringType})
		}
		return astmodel.NewObjectType(props...)
	}
	cases := []struct {
		taken []string
		want  string
	}{
		{nil, "PropertyBag"},
		{[]string{"PropertyBag"}, "PropertyBag2"},
		{[]string{"PropertyBag", "PropertyBag2"}, "PropertyBag3"},
		{[]string{"PropertyBag2"}, "PropertyBag"},
	}
	for _, c := range cases {
		p := propertyBagProperty(bag(c.taken...))
		if p.Name != c.want || p.JSONName != astmodel.PropertyBagJSONName || p.Type != astmodel.PropertyBagType {
			t.Errorf("with %v taken: %+v, want %s", c.taken, p, c.want)
		}
	}
}

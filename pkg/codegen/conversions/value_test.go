package conversions

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// describeValue renders a planned value conversion; objects say which side declares the method.
func describeValue(v *astmodel.ValueConversion) string {
	switch {
	case v == nil:
		return "none"
	case v.Kind == astmodel.ConvertObject && v.OnDestination:
		return v.Method + " on the destination"
	case v.Kind == astmodel.ConvertObject:
		return v.Method + " on the source"
	}
	return v.String()
}

func TestValue(t *testing.T) {
	colour := api1.TypeName("Colour")
	label := api1.TypeName("Label")
	sku1, sku2 := store1.TypeName("Sku"), hub2.TypeName("Sku")
	defs := astmodel.Definitions{}.With(
		astmodel.Definition{Name: colour, Type: astmodel.EnumType{Base: astmodel.StringType}},
		astmodel.Definition{Name: api2.TypeName("Colour"), Type: astmodel.EnumType{Base: astmodel.StringType}},
		astmodel.Definition{Name: api1.TypeName("Level"), Type: astmodel.EnumType{Base: astmodel.IntType}},
		astmodel.Definition{Name: label, Type: astmodel.StringType},
		astmodel.Definition{Name: sku1, Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: sku2, Type: astmodel.NewObjectType()},
	)
	ten := int64(10)
	s, i := astmodel.StringType, astmodel.IntType
	cases := []struct {
		name      string
		from, to  astmodel.Type
		fromOther bool
		want      string
	}{
		{"same scalar", s, s, false, "assign"},
		{"validations make no difference", astmodel.NewValidated(s, astmodel.Validations{MaxLength: &ten}), s, false, "assign"},
		{"enum to its base", colour, s, false, "cast to string"},
		{"base to an enum", s, colour, false, "cast to " + colour.String()},
		{"enum to enum", colour, api2.TypeName("Colour"), false, "cast to " + api2.TypeName("Colour").String()},
		{"named scalar", label, s, false, "cast to string"},
		{"enums of different bases", colour, api1.TypeName("Level"), false, "none"},
		{"different scalars", i, s, false, "none"},
		{"optional", optional(s), optional(s), false, "optional(assign)"},
		{"optional to value", optional(s), s, false, "none"},
		{"value to optional", s, optional(s), false, "none"},
		{"optional with a cast", optional(colour), optional(s), false, "optional(cast to string)"},
		{"slice", astmodel.ArrayType{Element: i}, astmodel.ArrayType{Element: i}, false, "slice(assign)"},
		{"slice of different items", astmodel.ArrayType{Element: i}, astmodel.ArrayType{Element: s}, false, "none"},
		{"map", astmodel.MapType{Key: s, Value: colour}, astmodel.MapType{Key: s, Value: s}, false, "map(cast to string)"},
		{"map with other keys", astmodel.MapType{Key: s, Value: s}, astmodel.MapType{Key: colour, Value: s}, false, "none"},
		{"object, from the other side", sku2, sku1, true, "AssignProperties_From_Sku on the destination"},
		{"object, to the other side", sku1, sku2, false, "AssignProperties_To_Sku on the source"},
		{"optional object", optional(sku1), optional(sku2), false, "optional(AssignProperties_To_Sku)"},
		{"object to scalar", sku1, s, false, "none"},
		{"scalar to object", s, sku1, false, "none"},
		{"same external type", astmodel.SecretReferenceType, astmodel.SecretReferenceType, false, "deepcopy"},
		{"different external types", astmodel.SecretReferenceType, astmodel.ResourceReferenceType, false, "none"},
		{"scalar to external", s, astmodel.SecretReferenceType, false, "none"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &planner{defs: defs, conv: astmodel.NewConversions(nil), names: map[astmodel.TypeName]map[string]astmodel.TypeName{}}
			a := &astmodel.PropertyAssignment{Self: store1.TypeName("Widget_Spec"), Other: hub2.TypeName("Widget_Spec")}
			v, err := p.value(c.from, c.to, a, c.fromOther)
			if err != nil {
				t.Fatal(err)
			}
			if got := describeValue(v); got != c.want {
				t.Errorf("%s -> %s: %s, want %s", c.from, c.to, got, c.want)
			}
		})
	}
}

// TestValueRefusesStrayPropertyBag: a property bag anywhere but the bag field would be copied
// instead of merged, losing what it keeps.
func TestValueRefusesStrayPropertyBag(t *testing.T) {
	p := &planner{defs: astmodel.Definitions{}, conv: astmodel.NewConversions(nil), names: map[astmodel.TypeName]map[string]astmodel.TypeName{}}
	a := &astmodel.PropertyAssignment{Self: store1.TypeName("Widget_Spec"), Other: hub2.TypeName("Widget_Spec")}
	if _, err := p.value(astmodel.PropertyBagType, astmodel.PropertyBagType, a, false); err == nil || !strings.Contains(err.Error(), "property bag") {
		t.Errorf("got %v", err)
	}
}

// TestPairNames: a type converting with two types of one name tells them apart by version.
func TestPairNames(t *testing.T) {
	defs := astmodel.Definitions{}.With(
		astmodel.Definition{Name: api1.TypeName("Sku"), Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: store1.TypeName("Sku"), Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: hub2.TypeName("Sku"), Type: astmodel.NewObjectType()},
	)
	p := &planner{defs: defs, conv: astmodel.NewConversions(nil), names: map[astmodel.TypeName]map[string]astmodel.TypeName{}}
	first, err := p.pair(api1.TypeName("Sku"), store1.TypeName("Sku"))
	if err != nil {
		t.Fatal(err)
	}
	second, err := p.pair(api1.TypeName("Sku"), hub2.TypeName("Sku"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.pair(api1.TypeName("Sku"), store1.TypeName("Sku"))
	if err != nil {
		t.Fatal(err)
	}
	if first.ToMethod != "AssignProperties_To_Sku" || second.ToMethod != "AssignProperties_To_V1api20210101storage_Sku" ||
		second.FromMethod != "AssignProperties_From_V1api20210101storage_Sku" || again != first {
		t.Errorf("methods %s, %s/%s; same pair again gives the first: %v", first.ToMethod, second.ToMethod, second.FromMethod, again == first)
	}
	if len(p.queue) != 2 {
		t.Errorf("%d assignments queued, want 2", len(p.queue))
	}
}

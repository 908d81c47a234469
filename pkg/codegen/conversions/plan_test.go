package conversions

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

var (
	api1, api2   = apiPackage("2020-01-01"), apiPackage("2021-01-01")
	store1, hub2 = api1.StorageTwin(), api2.StorageTwin()
)

func optional(t astmodel.Type) astmodel.Type { return astmodel.OptionalType{Element: t} }

func property(name string, t astmodel.Type) *astmodel.Property {
	return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), ARMName: astmodel.JSONName(name), Type: t}
}

var bag = &astmodel.Property{Name: astmodel.PropertyBagName, JSONName: astmodel.PropertyBagJSONName, Type: astmodel.PropertyBagType}

// twoVersions is a kind Widget in two versions, with their storage twins, the second the hub.
// Between the versions a property was renamed (oldName -> newName, with $renamedFrom), one
// changed type (size), each version has one of its own (only1, only2), and the rest agree.
func twoVersions() (astmodel.Definitions, *astmodel.ConversionGraph) {
	colour := astmodel.EnumType{Base: astmodel.StringType, Values: []astmodel.EnumValue{{Identifier: "Red", Value: "red"}}}
	renamed := property("NewName", optional(astmodel.StringType))
	renamed.RenamedFrom = "oldName"
	spec := map[astmodel.PackageReference][]*astmodel.Property{
		api1: {
			property("Name", optional(astmodel.StringType)), property("Size", optional(astmodel.IntType)),
			property("OldName", optional(astmodel.StringType)), property("Only1", optional(astmodel.StringType)),
		},
		api2: {
			property("Name", optional(astmodel.StringType)), property("Size", optional(astmodel.StringType)),
			renamed, property("Only2", optional(astmodel.IntType)),
		},
	}
	defs := astmodel.Definitions{}
	for _, pkg := range []astmodel.PackageReference{api1, api2} {
		for _, p := range []astmodel.PackageReference{pkg, pkg.StorageTwin()} {
			props := append([]*astmodel.Property{
				property("Tags", astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType}),
				property("Zones", astmodel.ArrayType{Element: astmodel.StringType}),
				property("Sku", optional(p.TypeName("Sku"))),
			}, spec[pkg]...)
			sku := []*astmodel.Property{property("Tier", optional(astmodel.StringType))}
			colourType := astmodel.Type(astmodel.StringType)
			if p.Storage {
				props, sku = append(props, bag), append(sku, bag)
			} else {
				colourType = pkg.TypeName("Colour")
				defs = defs.With(astmodel.Definition{Name: pkg.TypeName("Colour"), Type: colour})
			}
			props = append(props, property("Colour", optional(colourType)))
			defs = defs.With(
				astmodel.Definition{Name: p.TypeName("Widget"), Type: &astmodel.ResourceType{Spec: p.TypeName("Widget_Spec"), Status: p.TypeName("Widget_STATUS")}},
				astmodel.Definition{Name: p.TypeName("Widget_Spec"), Type: astmodel.NewObjectType(props...)},
				astmodel.Definition{Name: p.TypeName("Widget_STATUS"), Type: astmodel.NewObjectType()},
				astmodel.Definition{Name: p.TypeName("Sku"), Type: astmodel.NewObjectType(sku...)},
			)
		}
	}
	g := astmodel.NewConversionGraph()
	twins := map[astmodel.TypeName]astmodel.TypeName{api1.TypeName("Widget"): store1.TypeName("Widget"), api2.TypeName("Widget"): hub2.TypeName("Widget")}
	if err := g.AddKind(astmodel.GroupKind{Group: "demo", Kind: "Widget"}, twins, hub2.TypeName("Widget")); err != nil {
		panic(err)
	}
	return defs, g
}

// steps describes an assignment's steps by property: how Self's value becomes Other's (the To
// direction), or how the property bag stands in.
func steps(a *astmodel.PropertyAssignment) map[string]string {
	out := make(map[string]string)
	for _, s := range a.Steps {
		switch {
		case s.Converts():
			out[s.Name()] = s.Other.Name + ": " + s.To.String()
		case s.Self != nil && s.Other != nil:
			out[s.Name()] = "bag both ways"
		case s.Self != nil:
			out[s.Name()] = "bag (only here)"
		default:
			out[s.Name()] = "bag (only there)"
		}
	}
	return out
}

func TestPlan(t *testing.T) {
	defs, g := twoVersions()
	conv, err := Plan(defs, g)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		self, other          astmodel.TypeName
		fromMethod, toMethod string
		selfBag, otherBag    string
		want                 map[string]string
	}{
		{
			self: store1.TypeName("Widget_Spec"), other: hub2.TypeName("Widget_Spec"),
			fromMethod: "AssignProperties_From_Widget_Spec", toMethod: "AssignProperties_To_Widget_Spec",
			selfBag: "PropertyBag", otherBag: "PropertyBag",
			want: map[string]string{
				"Colour":  "Colour: optional(assign)",
				"Name":    "Name: optional(assign)",
				"OldName": "NewName: optional(assign)",
				"Only1":   "bag (only here)",
				"Only2":   "bag (only there)",
				"Size":    "bag both ways",
				"Sku":     "Sku: optional(AssignProperties_To_Sku)",
				"Tags":    "Tags: map(assign)",
				"Zones":   "Zones: slice(assign)",
			},
		},
		{
			// An API version and its storage twin have the same shape, enums aside.
			self: api1.TypeName("Widget_Spec"), other: store1.TypeName("Widget_Spec"),
			fromMethod: "AssignProperties_From_Widget_Spec", toMethod: "AssignProperties_To_Widget_Spec",
			otherBag: "PropertyBag",
			want: map[string]string{
				"Colour":  "Colour: optional(cast to string)",
				"Name":    "Name: optional(assign)",
				"OldName": "OldName: optional(assign)",
				"Only1":   "Only1: optional(assign)",
				"Size":    "Size: optional(assign)",
				"Sku":     "Sku: optional(AssignProperties_To_Sku)",
				"Tags":    "Tags: map(assign)",
				"Zones":   "Zones: slice(assign)",
			},
		},
		{
			self: store1.TypeName("Sku"), other: hub2.TypeName("Sku"),
			fromMethod: "AssignProperties_From_Sku", toMethod: "AssignProperties_To_Sku",
			selfBag: "PropertyBag", otherBag: "PropertyBag",
			want: map[string]string{"Tier": "Tier: optional(assign)"},
		},
		{
			self: api1.TypeName("Widget"), other: store1.TypeName("Widget"),
			fromMethod: "AssignProperties_From_Widget", toMethod: "AssignProperties_To_Widget",
			want: map[string]string{"Spec": "Spec: AssignProperties_To_Widget_Spec", "Status": "Status: AssignProperties_To_Widget_STATUS"},
		},
	}
	for _, c := range cases {
		t.Run(c.self.String(), func(t *testing.T) {
			a, ok := conv.Between(c.self, c.other)
			if !ok {
				t.Fatalf("no assignment between %s and %s", c.self, c.other)
			}
			if a.FromMethod != c.fromMethod || a.ToMethod != c.toMethod || a.SelfBag != c.selfBag || a.OtherBag != c.otherBag {
				t.Errorf("assignment %s/%s bags %q/%q", a.FromMethod, a.ToMethod, a.SelfBag, a.OtherBag)
			}
			if diff := cmp.Diff(c.want, steps(a)); diff != "" {
				t.Errorf("steps (-want +got):\n%s", diff)
			}
		})
	}
	// Along the graph: each API version to its twin, the other twin to the hub; nothing on the hub.
	for _, n := range []astmodel.TypeName{api1.TypeName("Widget"), store1.TypeName("Widget"), api2.TypeName("Widget")} {
		if len(conv.Of(n)) != 1 {
			t.Errorf("%s declares %d assignments, want 1", n, len(conv.Of(n)))
		}
	}
	if as := conv.Of(hub2.TypeName("Widget")); len(as) != 0 {
		t.Errorf("the hub declares %d assignments", len(as))
	}
}

// TestPlanNeedsABag: a difference between two types travels only in a property bag, so a side
// without one must match the other exactly.
func TestPlanNeedsABag(t *testing.T) {
	defs, g := twoVersions()
	spec := api1.TypeName("Widget_Spec")
	defs = defs.With(defs[spec].WithType(defs[spec].Type.(*astmodel.ObjectType).WithProperties(property("Extra", astmodel.StringType))))
	_, err := Plan(defs, g)
	if err == nil || !strings.Contains(err.Error(), "differ in Extra") || !strings.Contains(err.Error(), "no property bag") {
		t.Errorf("got %v", err)
	}
}

func TestPlanResourceWithObject(t *testing.T) {
	defs, g := twoVersions()
	twin := store1.TypeName("Widget")
	defs = defs.With(astmodel.Definition{Name: twin, Type: astmodel.NewObjectType()})
	if _, err := Plan(defs, g); err == nil || !strings.Contains(err.Error(), "one is a resource, the other is not") {
		t.Errorf("got %v", err)
	}
}

func TestCounterpart(t *testing.T) {
	renamedFrom := func(p *astmodel.Property, old string) *astmodel.Property {
		c := p.Copy()
		c.RenamedFrom = old
		return c
	}
	armName := func(p *astmodel.Property, wire string) *astmodel.Property {
		c := p.Copy()
		c.ARMName = wire
		return c
	}
	wireNamed := func(p *astmodel.Property, wire string) *astmodel.Property {
		c := p.Copy()
		c.ARMName, c.JSONName = wire, wire
		return c
	}
	s := astmodel.StringType
	cases := []struct {
		name        string
		sp          *astmodel.Property
		self, other []*astmodel.Property
		want        string // the Go name of the counterpart in other, "" for none
	}{
		{"same JSON name", property("Size", s), nil, []*astmodel.Property{property("Size", s)}, "Size"},
		{"no such property", property("Size", s), nil, []*astmodel.Property{property("Depth", s)}, ""},
		{"renamed here from its JSON name there", renamedFrom(property("Enabled", s), "isEnabled"), nil,
			[]*astmodel.Property{property("IsEnabled", s)}, "IsEnabled"},
		{"renamed here from its wire name there", renamedFrom(property("Enabled", s), "is-enabled"), nil,
			[]*astmodel.Property{armName(property("IsEnabled", s), "is-enabled")}, "IsEnabled"},
		{"renamed there from its name here", property("IsEnabled", s), nil,
			[]*astmodel.Property{renamedFrom(property("Enabled", s), "isEnabled")}, "Enabled"},
		{"renamed there, but the new name is in use here too", property("IsEnabled", s), []*astmodel.Property{property("Enabled", s)},
			[]*astmodel.Property{renamedFrom(property("Enabled", s), "isEnabled")}, ""},
		{"renamed here, but the old name is still in use here", renamedFrom(property("Enabled", s), "isEnabled"), []*astmodel.Property{property("IsEnabled", s)},
			[]*astmodel.Property{property("IsEnabled", s)}, ""},
		{"the same Go name, respelled on the wire in another version", wireNamed(property("ScanInterval", s), "scan-interval"), nil,
			[]*astmodel.Property{property("ScanInterval", s)}, "ScanInterval"},
		{"the same Go name, but its JSON name there is in use here", wireNamed(property("ScanInterval", s), "scan-interval"), []*astmodel.Property{property("ScanInterval2", s)},
			[]*astmodel.Property{wireNamed(property("ScanInterval", s), "scanInterval2")}, ""},
		{"the property bag is no counterpart", property("Size", s), nil,
			[]*astmodel.Property{renamedFrom(bag, "size")}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			self := astmodel.NewObjectType(append([]*astmodel.Property{c.sp}, c.self...)...)
			got := ""
			if op := counterpart(c.sp, astmodel.NewObjectType(c.other...), self); op != nil {
				got = op.Name
			}
			if got != c.want {
				t.Errorf("counterpart %q, want %q", got, c.want)
			}
		})
	}
}

package conversions

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// threeVersions is a kind Gadget in three versions whose one property was renamed twice:
// colour (v1) -> color (v2, $renamedFrom colour) -> hue (v3, $renamedFrom color). The third is
// the hub. old is set on v2's property in wire form when wire is true.
func threeVersions(wire bool) (astmodel.Definitions, *astmodel.ConversionGraph, []astmodel.PackageReference) {
	pkgs := []astmodel.PackageReference{apiPackage("2020-01-01"), apiPackage("2021-01-01"), apiPackage("2022-01-01")}
	colour := property("Colour", optional(astmodel.StringType))
	colour.ARMName = "colour-name"
	color := property("Color", optional(astmodel.StringType))
	color.RenamedFrom = "colour"
	if wire {
		color.RenamedFrom = "colour-name"
	}
	hue := property("Hue", optional(astmodel.StringType))
	hue.RenamedFrom = "color"
	props := [][]*astmodel.Property{{colour}, {color}, {hue}}
	defs := astmodel.Definitions{}
	twins := make(map[astmodel.TypeName]astmodel.TypeName)
	for i, pkg := range pkgs {
		for _, p := range []astmodel.PackageReference{pkg, pkg.StorageTwin()} {
			ps := []*astmodel.Property{property("Name", optional(astmodel.StringType)), props[i][0]}
			if p.Storage {
				ps = append(ps, bag)
			}
			defs = defs.With(
				astmodel.Definition{Name: p.TypeName("Gadget"), Type: &astmodel.ResourceType{Spec: p.TypeName("Gadget_Spec"), Status: p.TypeName("Gadget_STATUS")}},
				astmodel.Definition{Name: p.TypeName("Gadget_Spec"), Type: astmodel.NewObjectType(ps...)},
				astmodel.Definition{Name: p.TypeName("Gadget_STATUS"), Type: astmodel.NewObjectType()},
			)
		}
		twins[pkg.TypeName("Gadget")] = pkg.StorageTwin().TypeName("Gadget")
	}
	g := astmodel.NewConversionGraph()
	if err := g.AddKind(astmodel.GroupKind{Group: "demo", Kind: "Gadget"}, twins, pkgs[2].StorageTwin().TypeName("Gadget")); err != nil {
		panic(err)
	}
	return defs, g, pkgs
}

// TestRenameChainsThroughEveryVersion: a property renamed in each of three versions pairs every
// version with the hub, not only the version that names the hub's name: a value written at v1
// reaches the hub's field (and so reads back at v2 and v3), instead of staying in the hub's
// property bag where no other version looks for it.
func TestRenameChainsThroughEveryVersion(t *testing.T) {
	for _, wire := range []bool{false, true} {
		defs, g, pkgs := threeVersions(wire)
		conv, err := Plan(defs, g)
		if err != nil {
			t.Fatal(err)
		}
		hub := pkgs[2].StorageTwin().TypeName("Gadget_Spec")
		for i, want := range map[int]string{0: "Colour", 1: "Color"} {
			self := pkgs[i].StorageTwin().TypeName("Gadget_Spec")
			a, ok := conv.Between(self, hub)
			if !ok {
				t.Fatalf("no assignment between %s and %s", self, hub)
			}
			got := steps(a)[want]
			if got != "Hue: optional(assign)" {
				t.Errorf("renamedFrom in wire form %v: %s.%s converts as %q, want it assigned to the hub's Hue", wire, self, want, got)
			}
		}
	}
}

// TestRenameChainLeavesDirectPairsAlone: where a type keeps an old name beside the new one,
// the chain does not pair a second property with a field already paired.
func TestRenameChainLeavesDirectPairsAlone(t *testing.T) {
	defs, g, pkgs := threeVersions(false)
	// v1 has both colour and hue: hue pairs with hue, colour stays in the bag.
	v1 := pkgs[0].StorageTwin().TypeName("Gadget_Spec")
	for _, n := range []astmodel.TypeName{pkgs[0].TypeName("Gadget_Spec"), v1} {
		o := defs[n].Type.(*astmodel.ObjectType)
		defs = defs.With(defs[n].WithType(o.WithProperties(property("Hue", optional(astmodel.StringType)))))
	}
	conv, err := Plan(defs, g)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := conv.Between(v1, pkgs[2].StorageTwin().TypeName("Gadget_Spec"))
	s := steps(a)
	if s["Hue"] != "Hue: optional(assign)" || s["Colour"] != "bag (only here)" {
		t.Errorf("steps %v: want Hue to Hue and Colour in the bag", s)
	}
}

package specstatus

import (
	"slices"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// TestOwnChildrenKeepTheirShapeInTheirParent: the body of a child type (Microsoft.Demo/widgets/
// parts) inside its parent's body (through the widget's properties envelope) keeps its whole
// shape, as ASO keeps a load balancer's backend pools and inbound NAT rules; inside another
// resource (a gadget) it is still reduced to its ID and name; once the child type is a kind of
// its own, the parent reduces it too (a virtual network's subnets), unless the kind says
// $keptInParent (ASO's load balancer keeps its inbound NAT rules, a kind too).
func TestOwnChildrenKeepTheirShapeInTheirParent(t *testing.T) {
	defs := definitions(
		object("WidgetResource", prop("properties", opt("WidgetProperties"))),
		object("WidgetProperties", prop("parts", astmodel.ArrayType{Element: tn("PartResource")})),
		object("GadgetResource", prop("part", opt("PartResource"))),
		object("PartResource", prop("id", optString), prop("name", optString), prop("size", optInt)),
	)
	partExport := func() *selection.Export {
		p := export("Part", "PartResource")
		p.Resource.ARMType = "Microsoft.Demo/widgets/parts"
		return p
	}
	exports := func(withPartKind, keptInParent bool) []*selection.Export {
		widget, gadget := export("Widget", "WidgetResource", "GadgetResource", "PartResource"), export("Gadget", "GadgetResource", "WidgetResource", "PartResource")
		for _, e := range []*selection.Export{widget, gadget} {
			e.BodyTypes = map[astmodel.TypeName][]string{
				tn("WidgetResource"): {"Microsoft.Demo/widgets"},
				tn("GadgetResource"): {"Microsoft.Demo/gadgets"},
				tn("PartResource"):   {"Microsoft.Demo/widgets/parts"},
			}
		}
		out := []*selection.Export{widget, gadget}
		if withPartKind {
			p := partExport()
			p.Bodies, p.BodyTypes = widget.Bodies, widget.BodyTypes
			p.Config = &config.TypeConfig{Name: "Part", Export: true, KeptInParent: keptInParent}
			out = append(out, p)
		}
		return out
	}
	partsOf := func(out astmodel.Definitions, holder string) string {
		p := propertyOf(t, out, holder, "Parts")
		if p == nil {
			t.Fatalf("%s has no Parts", holder)
		}
		return astmodel.References(p.Type)[0].Name
	}

	out := Split(defs, exports(false, false))
	for holder, want := range map[string][]string{"WidgetProperties": {"Name", "Reference", "Size"}, "WidgetProperties_STATUS": {"Id", "Name", "Size"}} {
		part := partsOf(out, holder)
		if got := propertyNames(t, out, part); !slices.Equal(got, want) {
			t.Errorf("%s.Parts is %s with %v, want the whole part %v", holder, part, got, want)
		}
	}
	gadgetPart := propertyOf(t, out, "Gadget_Spec", "Part")
	if gadgetPart == nil || astmodel.References(gadgetPart.Type)[0].Name != "PartResource_SubResourceEmbedded" {
		t.Errorf("a gadget's part is %v, want the stub PartResource_SubResourceEmbedded", gadgetPart)
	}

	out = Split(defs, exports(true, false))
	if part := partsOf(out, "WidgetProperties"); part != "PartResource_SubResourceEmbedded" {
		t.Errorf("with parts a kind of their own, a widget's parts are %s, want the stub", part)
	}
	out = Split(defs, exports(true, true))
	if part := partsOf(out, "WidgetProperties"); part != "PartResource" {
		t.Errorf("with parts a kind of their own that says $keptInParent, a widget's parts are %s, want the whole part", part)
	}
}

// TestKeptInParentIsUsedOnlyWhereAParentHoldsTheKind: $keptInParent changes something only on a
// kind whose parent is exported and holds its body (a widget's parts); on a top-level kind, or a
// child whose parent is not exported, it says nothing and is not reported as read.
func TestKeptInParentIsUsedOnlyWhereAParentHoldsTheKind(t *testing.T) {
	defs := definitions(
		object("WidgetResource", prop("properties", opt("WidgetProperties"))),
		object("WidgetProperties", prop("parts", astmodel.ArrayType{Element: tn("PartResource")})),
		object("GadgetResource", prop("size", optInt)),
		object("PartResource", prop("id", optString), prop("name", optString), prop("size", optInt)),
	)
	bodyTypes := map[astmodel.TypeName][]string{
		tn("WidgetResource"): {"Microsoft.Demo/widgets"},
		tn("GadgetResource"): {"Microsoft.Demo/gadgets"},
		tn("PartResource"):   {"Microsoft.Demo/widgets/parts"},
	}
	kept := func(kind, body, armType string) *selection.Export {
		e := export(kind, body, "WidgetResource", "GadgetResource", "PartResource")
		e.Resource.ARMType = armType
		e.BodyTypes = bodyTypes
		e.Config = &config.TypeConfig{Name: kind, Export: true, KeptInParent: true, Path: "objectModelConfiguration.demo.2020-01-01." + kind}
		return e
	}
	widget := export("Widget", "WidgetResource", "GadgetResource", "PartResource")
	widget.BodyTypes = bodyTypes
	part := kept("Part", "PartResource", "Microsoft.Demo/widgets/parts")
	gadget := kept("Gadget", "GadgetResource", "Microsoft.Demo/gadgets")

	if got, want := KeptInParentUsed(defs, []*selection.Export{widget, part, gadget}), []string{part.Config.Path + ".$keptInParent"}; !slices.Equal(got, want) {
		t.Errorf("with the widget exported: used %v, want only the part's %v (a gadget has no parent)", got, want)
	}
	if got := KeptInParentUsed(defs, []*selection.Export{part, gadget}); len(got) != 0 {
		t.Errorf("with no widget exported: used %v, want none", got)
	}
}

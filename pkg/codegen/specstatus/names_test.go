package specstatus

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// TestClaimAvoidsResourceNames: a swagger type named like a name a resource takes (its spec,
// status, list or operator spec type, or the kind itself) gets the Type suffix, so it cannot
// replace the resource's own type.
func TestClaimAvoidsResourceNames(t *testing.T) {
	cases := []struct {
		raw                  string
		wantSpec, wantStatus string
	}{
		{"Gadget", "Gadget", "Gadget_STATUS"},
		{"Widget_Spec", "Widget_SpecType", "Widget_Spec_STATUS"},
		{"WidgetList", "WidgetListType", "WidgetList_STATUS"},
		{"WidgetOperatorSpec", "WidgetOperatorSpecType", "WidgetOperatorSpec_STATUS"},
		{"Widget", "WidgetType", "Widget_STATUSType"},
		// Reserved before any resource is split: Thing is exported after Widget.
		{"ThingList", "ThingListType", "ThingList_STATUS"},
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			defs := definitions(
				object("WidgetResource", prop("part", opt(c.raw))),
				object(c.raw, prop("size", optInt)),
				object("ThingResource", prop("size", optInt)),
			)
			out := Split(defs, []*selection.Export{export("Widget", "WidgetResource"), export("Thing", "ThingResource")})
			for _, side := range []struct{ holder, want string }{{"Widget_Spec", c.wantSpec}, {"Widget_STATUS", c.wantStatus}} {
				p := propertyOf(t, out, side.holder, "Part")
				if want := "*" + tn(side.want).String(); p == nil || p.Type.String() != want {
					t.Errorf("%s.Part is %v, want %s", side.holder, p, want)
				}
			}
			// The resource keeps its own names.
			if r, ok := out[tn("Widget")].Type.(*astmodel.ResourceType); !ok || r.Spec != tn("Widget_Spec") || r.Status != tn("Widget_STATUS") {
				t.Errorf("Widget is %v", out[tn("Widget")].Type)
			}
			if _, ok := objectOf(t, out, "Widget_Spec").Property("Part"); !ok {
				t.Error("the resource's spec was replaced")
			}
		})
	}
}

// TestClaimNumbers: a Type-suffixed name already taken is numbered.
func TestClaimNumbers(t *testing.T) {
	defs := definitions(
		// Properties are visited in name order: A claims WidgetListType first.
		object("WidgetResource", prop("a", opt("WidgetListType")), prop("b", opt("WidgetList"))),
		object("WidgetListType", prop("size", optInt)),
		object("WidgetList", prop("size", optInt)),
	)
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	for goName, want := range map[string]string{"A": "WidgetListType", "B": "WidgetListType2"} {
		if p := propertyOf(t, out, "Widget_Spec", goName); p == nil || p.Type.String() != "*"+tn(want).String() {
			t.Errorf("%s is %v, want *%s", goName, p, want)
		}
	}
}

// TestClaimAvoidsKindNamesOfTheGroup: a swagger type named like a kind exported in another
// version of its group gets the Type suffix, as controller-gen would otherwise serve the type's
// package as a version of that kind (insights' 2020-10-01 ActionGroup beside the ActionGroup
// kind). A kind of another group does not reserve the name, and status names are left alone.
func TestClaimAvoidsKindNamesOfTheGroup(t *testing.T) {
	older := astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20190101")
	other := astmodel.MakeAPIPackage("example.com/apis", "elsewhere", "v1api20190101")
	inPkg := func(p astmodel.PackageReference, d astmodel.Definition) astmodel.Definition {
		d.Name = p.TypeName(d.Name.Name)
		return d
	}
	exportIn := func(p astmodel.PackageReference, kind, body string) *selection.Export {
		e := export(kind, body)
		e.Pkg, e.Body, e.Response = p, p.TypeName(body), p.TypeName(body)
		e.Bodies = map[astmodel.TypeName]bool{p.TypeName(body): true}
		return e
	}
	defs := definitions(
		object("AlertResource", prop("actionGroup", opt("ActionGroup")), prop("gadget", opt("Gadget"))),
		object("ActionGroup", prop("size", optInt)),
		object("Gadget", prop("size", optInt)),
		inPkg(older, object("ActionGroupResource", prop("size", optInt))),
		inPkg(other, object("GadgetResource", prop("size", optInt))),
	)
	out := Split(defs, []*selection.Export{
		export("Alert", "AlertResource"),
		exportIn(older, "ActionGroup", "ActionGroupResource"),
		exportIn(other, "Gadget", "GadgetResource"),
	})
	for _, c := range []struct{ holder, prop, want string }{
		{"Alert_Spec", "ActionGroup", "ActionGroupType"},
		{"Alert_STATUS", "ActionGroup", "ActionGroup_STATUS"},
		{"Alert_Spec", "Gadget", "Gadget"},
	} {
		p := propertyOf(t, out, c.holder, c.prop)
		if want := "*" + tn(c.want).String(); p == nil || p.Type.String() != want {
			t.Errorf("%s.%s is %v, want %s", c.holder, c.prop, p, want)
		}
	}
	if _, ok := out[tn("ActionGroup")]; ok {
		t.Errorf("%s is defined: a type named like the group's ActionGroup kind", tn("ActionGroup"))
	}
}

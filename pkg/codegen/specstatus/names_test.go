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

package specstatus

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// shape describes the properties of an object for comparison: each Go name with the wire path it
// was lifted from ("" when not lifted), and for an envelope kept nested, the clashes that kept it.
func shape(o *astmodel.ObjectType) map[string]string {
	out := make(map[string]string)
	for _, p := range o.Properties() {
		d := strings.Join(p.FlattenedFrom, ".")
		if len(p.Provenance.NotFlattened) > 0 {
			d += "nested, clashing with " + strings.Join(p.Provenance.NotFlattened, ",")
		}
		out[p.Name] = d
	}
	return out
}

func TestFlatten(t *testing.T) {
	mapOfStrings := astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType}
	cases := []struct {
		name string
		defs []astmodel.Definition // WidgetResource is the body
		// in is the spec type inspected (Widget_Spec when empty); want its shape.
		in   string
		want map[string]string
	}{
		{
			name: "a properties envelope marked x-ms-client-flatten is lifted",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("location", optString), prop("properties", opt("WidgetProperties"), flatten)),
				object("WidgetProperties", prop("size", optInt), prop("colour", optString)),
			},
			want: map[string]string{"Location": "", "Size": "properties", "Colour": "properties"},
		},
		{
			name: "a properties envelope without the mark stays, as in ASO",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("location", optString), prop("properties", opt("WidgetProperties"))),
				object("WidgetProperties", prop("size", optInt)),
			},
			want: map[string]string{"Location": "", "Properties": ""},
		},
		{
			name: "a properties envelope below the top stays",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("settings", opt("Settings"))),
				object("Settings", prop("properties", opt("SettingsProperties"))),
				object("SettingsProperties", prop("size", optInt)),
			},
			in:   "Settings",
			want: map[string]string{"Properties": ""},
		},
		{
			name: "x-ms-client-flatten is lifted anywhere",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("settings", opt("Settings"))),
				object("Settings", prop("mode", optString), prop("extra", opt("Extra"), flatten)),
				object("Extra", prop("depth", optInt), prop("width", optInt)),
			},
			in:   "Settings",
			want: map[string]string{"Mode": "", "Depth": "extra", "Width": "extra"},
		},
		{
			name: "lifting through two levels records the whole path",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("properties", opt("WidgetProperties"), flatten)),
				object("WidgetProperties", prop("size", optInt), prop("extra", opt("Extra"), flatten)),
				object("Extra", prop("depth", optInt)),
			},
			want: map[string]string{"Size": "properties", "Depth": "properties.extra"},
		},
		{
			name: "a same-typed namesake is lifted under the envelope's name",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("tags", mapOfStrings), prop("properties", opt("WidgetProperties"), flatten)),
				object("WidgetProperties", prop("tags", mapOfStrings), prop("size", optInt)),
			},
			want: map[string]string{"Tags": "", "PropertiesTags": "properties", "Size": "properties"},
		},
		{
			name: "a renamed namesake that would clash again keeps the envelope nested",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("kind", optString), prop("propertiesKind", optInt), prop("properties", opt("WidgetProperties"), flatten)),
				object("WidgetProperties", prop("kind", optString)),
			},
			want: map[string]string{"Kind": "", "PropertiesKind": "", "Properties": "nested, clashing with kind"},
		},
		{
			name: "a namesake of another type is lifted under the envelope's name too",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("location", optString), prop("properties", opt("WidgetProperties"), flatten)),
				object("WidgetProperties", prop("location", optInt), prop("size", optInt)),
			},
			want: map[string]string{"Location": "", "PropertiesLocation": "properties", "Size": "properties"},
		},
		{
			name: "a clash with a neighbour lifted from another envelope",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("first", opt("First"), flatten), prop("second", opt("Second"), flatten)),
				object("First", prop("size", optInt)),
				object("Second", prop("size", optString), prop("depth", optInt)),
			},
			want: map[string]string{"Size": "first", "SecondSize": "second", "Depth": "second"},
		},
		{
			name: "a union is not lifted",
			defs: []astmodel.Definition{
				object("WidgetResource", prop("properties", opt("WidgetProperties"), flatten)),
				{Name: tn("WidgetProperties"), Type: func() *astmodel.ObjectType {
					o := astmodel.NewObjectType(prop("cat", opt("Cat")), prop("dog", opt("Dog")))
					o.OneOf = true
					return o
				}()},
				object("Cat", prop("lives", optInt)),
				object("Dog", prop("bark", optString)),
			},
			want: map[string]string{"Properties": ""},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Split(definitions(c.defs...), []*selection.Export{export("Widget", "WidgetResource")})
			in := c.in
			if in == "" {
				in = "Widget_Spec"
			}
			if diff := cmp.Diff(c.want, shape(objectOf(t, out, in))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", in, diff)
			}
			// The status is flattened alike.
			status := in + astmodel.StatusSuffix
			if in == "Widget_Spec" {
				status = "Widget_STATUS"
			}
			if diff := cmp.Diff(c.want, shape(objectOf(t, out, status))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", status, diff)
			}
		})
	}
}

// TestFlattenClearsMarks: an x-ms-client-flatten envelope kept nested is no longer marked for
// flattening, so nothing downstream lifts it after all.
func TestFlattenClearsMarks(t *testing.T) {
	defs := definitions(
		object("WidgetResource", prop("location", optString), prop("extraLocation", optString), prop("extra", opt("Extra"), flatten)),
		object("Extra", prop("location", optInt)),
	)
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	p := propertyOf(t, out, "Widget_Spec", "Extra")
	if p == nil || p.Flatten || len(p.Provenance.NotFlattened) == 0 {
		t.Errorf("Extra = %+v, want kept nested and no longer marked", p)
	}
}

// TestFlattenKeepsNamesakeOfOuterProperty: a nested property named like an outer one (an
// extension's or agent pool's properties.type beside the resource's type) survives flattening
// as propertiesType, as ASO names it, with its wire name and path kept and the rename recorded
// (issue 26, finding 8: it was dropped as a duplicate). A spec has no resource type, so there it
// stays type, as in ASO's ManagedClustersAgentPool.
func TestFlattenKeepsNamesakeOfOuterProperty(t *testing.T) {
	defs := definitions(
		object("ExtensionResource", prop("type", optString, readOnly), prop("properties", opt("ExtensionProperties"), flatten)),
		object("ExtensionProperties", prop("type", optString), prop("publisher", optString)),
	)
	out := Split(defs, []*selection.Export{export("Extension", "ExtensionResource")})
	for side, name := range map[string]string{"Extension_Spec": "Type", "Extension_STATUS": "PropertiesType"} {
		obj := objectOf(t, out, side)
		p, ok := obj.Property(name)
		if !ok {
			t.Errorf("%s lost properties.type: %s", side, obj)
			continue
		}
		renamed := astmodel.Reason("")
		if name == "PropertiesType" {
			renamed = astmodel.ByFlattening
		}
		if p.JSONName != astmodel.JSONName(name) || p.ARMName != "type" || strings.Join(p.FlattenedFrom, ".") != "properties" || p.Provenance.Renamed != renamed {
			t.Errorf("%s.%s = json %q, wire %q from %v, renamed by %q; want wire type from properties, renamed by %q",
				side, name, p.JSONName, p.ARMName, p.FlattenedFrom, p.Provenance.Renamed, renamed)
		}
	}
	if _, ok := objectOf(t, out, "Extension_STATUS").Property("Type"); !ok {
		t.Error("the status lost the resource's own type")
	}
}

func TestFlattenRequiredness(t *testing.T) {
	cases := []struct {
		name                  string
		envelope, inner, want bool
	}{
		{"both required", true, true, true},
		{"optional envelope", false, true, false},
		{"optional property", true, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := prop("properties", opt("WidgetProperties"), flatten)
			size := prop("size", optInt)
			env.Required, size.Required = c.envelope, c.inner
			out := Split(definitions(object("WidgetResource", env), object("WidgetProperties", size)),
				[]*selection.Export{export("Widget", "WidgetResource")})
			if p := propertyOf(t, out, "Widget_Spec", "Size"); p == nil || p.Required != c.want {
				t.Errorf("Size = %+v, want required %v", p, c.want)
			}
		})
	}
}

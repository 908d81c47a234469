package specstatus

import (
	"slices"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

func TestEmbeddedResources(t *testing.T) {
	optRef := astmodel.OptionalType{Element: astmodel.ResourceReferenceType}.String()
	cases := []struct {
		name string
		// part is the body of the resource Widget embeds.
		part astmodel.Definition
		// isBody says whether part is a resource body.
		isBody bool
		// wantSpec and wantStatus are what Widget's parts refer to on each side, and the
		// properties that type has.
		wantSpec, wantStatus           string
		wantSpecProps, wantStatusProps []string
	}{
		{
			name: "an embedded resource with a writable id keeps it as a reference, and its writable name",
			part: object("PartResource", prop("id", optString), prop("name", optString), prop("type", optString, readOnly),
				prop("size", optInt)),
			isBody:   true,
			wantSpec: "PartResource_SubResourceEmbedded", wantStatus: "PartResource_STATUS_SubResourceEmbedded",
			wantSpecProps: []string{"Name", "Reference"}, wantStatusProps: []string{"Id"},
		},
		{
			name:     "a read-only name is not kept",
			part:     object("PartResource", prop("id", optString), prop("name", optString, readOnly), prop("size", optInt)),
			isBody:   true,
			wantSpec: "PartResource_SubResourceEmbedded", wantStatus: "PartResource_STATUS_SubResourceEmbedded",
			wantSpecProps: []string{"Reference"}, wantStatusProps: []string{"Id"},
		},
		{
			// ARM ignores a read-only id in a PUT body: a reference there would link nothing.
			name:     "a read-only id is no reference",
			part:     object("PartResource", prop("id", optString, readOnly), prop("name", optString), prop("size", optInt)),
			isBody:   true,
			wantSpec: "PartResource_SubResourceEmbedded", wantStatus: "PartResource_STATUS_SubResourceEmbedded",
			wantSpecProps: []string{"Name"}, wantStatusProps: []string{"Id"},
		},
		{
			name:       "an embedded resource with nothing writable leaves the spec",
			part:       object("PartResource", prop("id", optString, readOnly), prop("name", optString, readOnly), prop("size", optInt)),
			isBody:     true,
			wantStatus: "PartResource_STATUS_SubResourceEmbedded", wantStatusProps: []string{"Id"},
		},
		{
			name:     "a body without an id is kept whole",
			part:     object("PartResource", prop("name", optString), prop("size", optInt)),
			isBody:   true,
			wantSpec: "PartResource", wantStatus: "PartResource_STATUS",
			wantSpecProps: []string{"Name", "Size"}, wantStatusProps: []string{"Name", "Size"},
		},
		{
			name:     "a type that is no resource's body is kept whole",
			part:     object("PartResource", prop("id", optString, readOnly), prop("name", optString), prop("size", optInt)),
			wantSpec: "PartResource", wantStatus: "PartResource_STATUS",
			wantSpecProps: []string{"Name", "Size"}, wantStatusProps: []string{"Id", "Name", "Size"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs := definitions(object("WidgetResource", prop("parts", astmodel.ArrayType{Element: tn("PartResource")})), c.part)
			var bodies []string
			if c.isBody {
				bodies = append(bodies, "PartResource")
			}
			out := Split(defs, []*selection.Export{export("Widget", "WidgetResource", bodies...)})
			for _, side := range []struct {
				holder, want string
				props        []string
			}{{"Widget_Spec", c.wantSpec, c.wantSpecProps}, {"Widget_STATUS", c.wantStatus, c.wantStatusProps}} {
				if side.want == "" {
					if got := propertyNames(t, out, side.holder); slices.Contains(got, "Parts") {
						t.Errorf("%s has Parts, want it left out", side.holder)
					}
					continue
				}
				p := propertyOf(t, out, side.holder, "Parts")
				if want := (astmodel.ArrayType{Element: tn(side.want)}).String(); p == nil || p.Type.String() != want {
					t.Errorf("%s.Parts is %v, want %s", side.holder, p, want)
					continue
				}
				if got := propertyNames(t, out, side.want); !slices.Equal(got, side.props) {
					t.Errorf("%s has %v, want %v", side.want, got, side.props)
				}
			}
			if !c.isBody || c.wantSpec == "PartResource" {
				return
			}
			for _, stub := range []string{c.wantSpec, c.wantStatus} {
				if stub == "" {
					continue
				}
				if o := out[tn(stub)].Origin; o.Derivation != astmodel.Embedded || o.From != tn("PartResource") {
					t.Errorf("%s has origin %+v", stub, o)
				}
			}
			if !slices.Contains(c.wantSpecProps, "Reference") {
				return
			}
			ref := propertyOf(t, out, c.wantSpec, "Reference")
			if ref.Type.String() != optRef || ref.Provenance.Reference != astmodel.ByEmbedding || ref.ReadOnly || ref.Required {
				t.Errorf("reference %+v", ref)
			}
			if id := propertyOf(t, out, c.wantStatus, "Id"); id.ReadOnly || id.Type.String() != "*string" {
				t.Errorf("status id %+v", id)
			}
		})
	}
}

// TestEmbeddedResourceItself: the resource's own body is never reduced to a stub, although it is
// among the bodies.
func TestEmbeddedResourceItself(t *testing.T) {
	defs := definitions(object("WidgetResource", prop("id", optString, readOnly), prop("size", optInt)))
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	if got := propertyNames(t, out, "Widget_Spec"); !slices.Equal(got, []string{"Size"}) {
		t.Errorf("Widget_Spec has %v", got)
	}
}

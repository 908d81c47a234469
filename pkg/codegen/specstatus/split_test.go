package specstatus

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// widgetModel is a resource body with the identity properties ARM sets, a read-only property, a
// required one and a nested object with writable and read-only properties of its own.
func widgetModel() astmodel.Definitions {
	return definitions(
		object("WidgetResource",
			prop("id", optString, readOnly),
			prop("name", optString),
			prop("type", optString, readOnly),
			prop("location", optString, required),
			prop("provisioningState", optString, readOnly),
			prop("sku", opt("Sku"), required),
		),
		object("Sku",
			prop("name", optString, required),
			prop("tier", optString, readOnly),
		),
	)
}

func TestSplitKeepsAndDrops(t *testing.T) {
	out := Split(widgetModel(), []*selection.Export{export("Widget", "WidgetResource")})
	cases := []struct {
		name         string
		spec, status string // the types holding the property on each side
		property     string
		inSpec       bool
		inStatus     bool
	}{
		{"id at the top is ARM's", "Widget_Spec", "Widget_STATUS", "Id", false, true},
		{"name at the top is ARM's even when writable", "Widget_Spec", "Widget_STATUS", "Name", false, true},
		{"type at the top is ARM's", "Widget_Spec", "Widget_STATUS", "Type", false, true},
		{"read-only", "Widget_Spec", "Widget_STATUS", "ProvisioningState", false, true},
		{"writable", "Widget_Spec", "Widget_STATUS", "Location", true, true},
		{"writable name below the top", "Sku", "Sku_STATUS", "Name", true, true},
		{"read-only below the top", "Sku", "Sku_STATUS", "Tier", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := propertyOf(t, out, c.spec, c.property) != nil; got != c.inSpec {
				t.Errorf("%s.%s present = %v, want %v", c.spec, c.property, got, c.inSpec)
			}
			if got := propertyOf(t, out, c.status, c.property) != nil; got != c.inStatus {
				t.Errorf("%s.%s present = %v, want %v", c.status, c.property, got, c.inStatus)
			}
		})
	}
}

func TestSplitRequiredness(t *testing.T) {
	out := Split(widgetModel(), []*selection.Export{export("Widget", "WidgetResource")})
	if p := propertyOf(t, out, "Widget_Spec", "Location"); p == nil || !p.Required {
		t.Errorf("spec location should stay required: %+v", p)
	}
	if p := propertyOf(t, out, "Sku", "Name"); p == nil || !p.Required {
		t.Errorf("spec sku.name should stay required: %+v", p)
	}
	// Azure may leave anything out of a response, so nothing in a status is required.
	for _, d := range out.Sorted() {
		if !strings.HasSuffix(d.Name.Name, astmodel.StatusSuffix) {
			continue
		}
		for _, p := range objectOf(t, out, d.Name.Name).Properties() {
			if p.Required {
				t.Errorf("%s.%s is required in a status", d.Name.Name, p.Name)
			}
		}
	}
}

func TestSplitNamesAndTypes(t *testing.T) {
	out := Split(widgetModel(), []*selection.Export{export("Widget", "WidgetResource")})
	cases := []struct {
		typeName, property, want string
	}{
		{"Widget_Spec", "Sku", "*" + tn("Sku").String()},
		{"Widget_STATUS", "Sku", "*" + tn("Sku_STATUS").String()},
		{"Widget_STATUS", "Location", "*string"},
	}
	for _, c := range cases {
		p := propertyOf(t, out, c.typeName, c.property)
		if p == nil {
			t.Errorf("no %s.%s", c.typeName, c.property)
			continue
		}
		if got := p.Type.String(); got != c.want {
			t.Errorf("%s.%s has type %s, want %s", c.typeName, c.property, got, c.want)
		}
	}
	// The raw types are replaced, not kept beside their counterparts.
	if _, ok := out[tn("WidgetResource")]; ok {
		t.Error("the raw body WidgetResource survived the split")
	}
	d, ok := out[tn("Widget")]
	if !ok {
		t.Fatal("no resource definition Widget")
	}
	r, ok := d.Type.(*astmodel.ResourceType)
	if !ok {
		t.Fatalf("Widget is %s, not a resource", d.Type)
	}
	if r.Spec != tn("Widget_Spec") || r.Status != tn("Widget_STATUS") || r.ARMType != "Microsoft.Demo/Widgets" ||
		r.APIVersion != "2020-01-01" || r.Scope != astmodel.ScopeResourceGroup || !r.IsStorageVersion {
		t.Errorf("resource %+v", r)
	}
}

// TestSplitKeepsExternalDefinitions: only raw (API package) types are replaced.
func TestSplitKeepsExternalDefinitions(t *testing.T) {
	ext := astmodel.MakeExternalPackage("example.com/ext", "ext").TypeName("Thing")
	defs := widgetModel().With(astmodel.Definition{Name: ext, Type: astmodel.NewObjectType()})
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	if _, ok := out[ext]; !ok {
		t.Error("the external definition was dropped")
	}
}

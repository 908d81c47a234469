package specstatus

import (
	"slices"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

func TestConfigMapTwins(t *testing.T) {
	fromConfig := func(mode string) propOption { return func(p *astmodel.Property) { p.ImportConfigMap = mode } }
	defs := definitions(
		object("WidgetResource", prop("properties", opt("WidgetProperties"), flatten, required),
			prop("owner", optString, required, fromConfig("required")),
			prop("label", optString, fromConfig("optional"))),
		object("WidgetProperties", prop("tenantId", optString, required, fromConfig("optional")),
			// A name that would make it a secret or a reference: read from a ConfigMap, it is a string.
			prop("clientSecret", optString, fromConfig("optional"))),
	)
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	spec := objectOf(t, out, "Widget_Spec")

	// required: the twin replaces the property, required as it was.
	if _, ok := spec.Property("Owner"); ok {
		t.Error("Owner is there beside OwnerFromConfig")
	}
	if p, _ := spec.Property("OwnerFromConfig"); p == nil || !p.Required || p.JSONName != "ownerFromConfig" || p.ARMName != "owner" ||
		p.Type != (astmodel.OptionalType{Element: astmodel.ConfigMapReferenceType}) || p.FromConfigOf != "" {
		t.Errorf("OwnerFromConfig = %+v", p)
	}
	// optional: both, neither required alone; lifted from the envelope with their wire path.
	for _, c := range []struct {
		plain, twin  string
		pairRequired bool
	}{{"TenantId", "TenantIdFromConfig", true}, {"Label", "LabelFromConfig", false}, {"ClientSecret", "ClientSecretFromConfig", false}} {
		plain, _ := spec.Property(c.plain)
		twin, _ := spec.Property(c.twin)
		if plain == nil || twin == nil {
			t.Fatalf("%s: %+v, %s: %+v", c.plain, plain, c.twin, twin)
		}
		if plain.Required || twin.Required || twin.FromConfigOf != c.plain || twin.PairRequired != c.pairRequired ||
			plain.ARMName != twin.ARMName || !slices.Equal(plain.FlattenedFrom, twin.FlattenedFrom) {
			t.Errorf("%s: %+v\n%s: %+v", c.plain, plain, c.twin, twin)
		}
		if astmodel.Unwrap(plain.Type) != astmodel.StringType {
			t.Errorf("%s is %s", c.plain, plain.Type)
		}
		tag := astmodel.Tag{Key: "optionalConfigMapPair", Value: c.plain}
		if !slices.Contains(plain.Tags, tag) || !slices.Contains(twin.Tags, tag) {
			t.Errorf("%s, %s: tags %v, %v", c.plain, c.twin, plain.Tags, twin.Tags)
		}
	}
	want := []astmodel.ValidationRule{
		{Rule: "!(has(self.clientSecret) && has(self.clientSecretFromConfig))", Message: "at most one of clientSecret and clientSecretFromConfig may be set"},
		{Rule: "!(has(self.label) && has(self.labelFromConfig))", Message: "at most one of label and labelFromConfig may be set"},
		{Rule: "has(self.tenantId) != has(self.tenantIdFromConfig)", Message: "exactly one of tenantId and tenantIdFromConfig must be set"},
	}
	if !slices.Equal(spec.Rules, want) {
		t.Errorf("rules %v, want %v", spec.Rules, want)
	}
	// The status reads the property back as it is.
	status := objectOf(t, out, "Widget_STATUS")
	if _, ok := status.Property("TenantIdFromConfig"); ok || len(status.Rules) != 0 {
		t.Errorf("the status has a twin or rules: %v", status)
	}
	if p, _ := status.Property("Owner"); p == nil {
		t.Error("the status lost Owner")
	}
}

// A pair lifted out of an optional envelope is no longer required: the envelope may be left out.
func TestConfigMapPairLiftedFromAnOptionalEnvelope(t *testing.T) {
	tenant := prop("tenantId", optString, required)
	tenant.ImportConfigMap = "optional"
	out := Split(definitions(object("WidgetResource", prop("properties", opt("WidgetProperties"), flatten)),
		object("WidgetProperties", tenant)), []*selection.Export{export("Widget", "WidgetResource")})
	spec := objectOf(t, out, "Widget_Spec")
	if len(spec.Rules) != 1 || spec.Rules[0].Message != "at most one of tenantId and tenantIdFromConfig may be set" {
		t.Errorf("rules %v", spec.Rules)
	}
}

package explain

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestReasonsReadProvenance: the reasons come from what the stages recorded on properties and
// definitions, not from names: a property named like a password but marked by the config says
// config, and a type whose name merely ends in _Unrolled is not called recursive.
func TestReasonsReadProvenance(t *testing.T) {
	pkg := astmodel.MakeAPIPackage("example.com/generated", "widgets", "v1api20210101")
	str := astmodel.OptionalType{Element: astmodel.StringType}
	unrolled := pkg.TypeName("Rule_Unrolled")
	lookalike := pkg.TypeName("Fake_Unrolled")
	renamed := pkg.TypeName("Label")
	props := []*astmodel.Property{
		{Name: "AdminPassword", JSONName: "adminPassword", ARMName: "adminPassword", Type: astmodel.OptionalType{Element: astmodel.SecretReferenceType},
			Provenance: astmodel.Provenance{Secret: astmodel.ByName}},
		{Name: "Token", JSONName: "token", ARMName: "token", Type: astmodel.OptionalType{Element: astmodel.SecretReferenceType},
			Provenance: astmodel.Provenance{Secret: astmodel.ByConfig}},
		{Name: "SubnetReference", JSONName: "subnetReference", ARMName: "subnetId", Type: astmodel.OptionalType{Element: astmodel.ResourceReferenceType},
			Provenance: astmodel.Provenance{Reference: astmodel.BySwagger}},
		{Name: "Settings", JSONName: "settings", ARMName: "settings", Type: str,
			Provenance: astmodel.Provenance{NotFlattened: []string{"name", "tags"}}},
		{Name: "Rule", JSONName: "rule", ARMName: "rule", Type: astmodel.OptionalType{Element: unrolled}},
		{Name: "Fake", JSONName: "fake", ARMName: "fake", Type: astmodel.OptionalType{Element: lookalike}},
		{Name: "Label", JSONName: "label", ARMName: "label", Type: astmodel.OptionalType{Element: renamed}},
	}
	spec, status, widget := pkg.TypeName("Widget_Spec"), pkg.TypeName("Widget_STATUS"), pkg.TypeName("Widget")
	defs := astmodel.Definitions{}.With(
		astmodel.Definition{Name: widget, Type: &astmodel.ResourceType{Spec: spec, Status: status, APIVersion: "2021-01-01"}},
		astmodel.Definition{Name: spec, Type: astmodel.NewObjectType(props...)},
		astmodel.Definition{Name: status, Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: unrolled, Type: astmodel.NewObjectType(), Origin: astmodel.Origin{Derivation: astmodel.Unrolled, From: pkg.TypeName("Rule")}},
		astmodel.Definition{Name: lookalike, Type: astmodel.NewObjectType()},
		astmodel.Definition{Name: renamed, Type: astmodel.NewObjectType(), Origin: astmodel.Origin{Derivation: astmodel.Renamed, From: pkg.TypeName("LabelProperties")}},
	)
	cfg, err := config.Parse("azure-arm.yaml", []byte("objectModelConfiguration:\n  widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n        token:\n          $isSecret: true\n      LabelProperties:\n        $renameTo: Label\n"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		property      string
		want, notWant string
	}{
		{"adminPassword", "its name is password-like", "marked x-ms-secret in the swagger"},
		{"token", "marked secret by objectModelConfiguration.widgets.2021-01-01.Widget.token.$isSecret", "password-like"},
		{"subnetReference", "the swagger declares format: arm-id", "$referenceType"},
		{"settings", "would clash with name, tags beside it, so it stays nested", ""},
		{"rule", "Rule is recursive", ""},
		{"fake", "", "recursive"},
		{"label", "type Label is named by objectModelConfiguration.widgets.2021-01-01.LabelProperties.$renameTo (its swagger name is LabelProperties)", ""},
	}
	for _, c := range cases {
		t.Run(c.property, func(t *testing.T) {
			e, err := Explain(defs, cfg, Query{Group: "widgets", Version: "v1api20210101", Kind: "Widget", Path: []string{"spec", c.property}})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(e.reasons(), "\n")
			if c.want != "" && !strings.Contains(got, c.want) {
				t.Errorf("reasons do not say %q:\n%s", c.want, got)
			}
			if c.notWant != "" && strings.Contains(got, c.notWant) {
				t.Errorf("reasons say %q:\n%s", c.notWant, got)
			}
		})
	}
}

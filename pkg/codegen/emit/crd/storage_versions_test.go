package crd

import (
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// widgetVersions is a kind in two API versions, each with its storage twin, the newer twin the
// hub: the shape of 42 of the configured kinds.
func widgetVersions() astmodel.Definitions {
	var defs []astmodel.Definition
	for _, v := range []string{"v1api20200101", "v1api20210101"} {
		api := astmodel.MakeAPIPackage("example.com/gen", "widgets", v)
		for _, pkg := range []astmodel.PackageReference{api, api.StorageTwin()} {
			spec := astmodel.MakeTypeName(pkg, "Widget_Spec")
			status := astmodel.MakeTypeName(pkg, "Widget_STATUS")
			defs = append(defs,
				astmodel.Definition{Name: spec, Description: "The widget's settings.", Type: astmodel.NewObjectType(
					&astmodel.Property{Name: "Size", JSONName: "size", Type: astmodel.NewOptional(astmodel.IntType), Description: "How large the widget is."})},
				astmodel.Definition{Name: status, Type: astmodel.NewObjectType(
					&astmodel.Property{Name: "Conditions", JSONName: "conditions", Type: astmodel.ArrayType{Element: astmodel.ConditionType}, Description: "The observed state."})},
				astmodel.Definition{Name: astmodel.MakeTypeName(pkg, "Widget"), Description: "A widget.", Type: &astmodel.ResourceType{
					Spec: spec, Status: status, ARMType: "Microsoft.Widgets/widgets",
					IsStorageVersion: pkg.Storage && v == "v1api20210101",
				}})
		}
	}
	return astmodel.Definitions{}.With(defs...)
}

func renderWidget(t *testing.T) *apiextv1.CustomResourceDefinition {
	t.Helper()
	files, err := Render(widgetVersions())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.CRD != nil {
			return f.CRD
		}
	}
	t.Fatal("no CRD rendered")
	return nil
}

// TestStorageVersionsCarryNoDescriptions: kubectl explain reads the API versions; a storage
// version's descriptions only cost the API server memory.
func TestStorageVersionsCarryNoDescriptions(t *testing.T) {
	crd := renderWidget(t)
	for _, v := range crd.Spec.Versions {
		var described []string
		walkDescriptions(v.Schema.OpenAPIV3Schema, v.Name, &described)
		storage := strings.HasSuffix(v.Name, "storage")
		switch {
		case storage && len(described) > 0:
			t.Errorf("storage version %s has descriptions at %s", v.Name, strings.Join(described, ", "))
		case !storage && !contains(described, v.Name+".spec.size"):
			t.Errorf("API version %s lost the description of spec.size; it has %v", v.Name, described)
		}
	}
}

// TestOlderStorageTwinsAreLeftOutOfTheCRD: the operator watches and writes the hub, so it is in
// the CRD and served; an older storage twin is only a step of conversions, which the operator
// makes in process through the Go types, so the CRD does not list it (each listed version costs
// the API server memory). Storage versions are not validated field by field: the webhook writes
// them from the Go types.
func TestOlderStorageTwinsAreLeftOutOfTheCRD(t *testing.T) {
	crd := renderWidget(t)
	var got []string
	for _, v := range crd.Spec.Versions {
		got = append(got, v.Name)
		if !v.Served {
			t.Errorf("%s is not served; every version the CRD lists is", v.Name)
		}
		spec := v.Schema.OpenAPIV3Schema.Properties["spec"]
		loose := spec.XPreserveUnknownFields != nil && *spec.XPreserveUnknownFields && len(spec.Properties) == 0
		if storage := strings.HasSuffix(v.Name, "storage"); loose != storage {
			t.Errorf("%s: spec accepts any fields = %v, want %v (storage versions are loose, API versions whole)", v.Name, loose, storage)
		}
		if v.Storage != (v.Name == "v1api20210101storage") {
			t.Errorf("%s storage = %v", v.Name, v.Storage)
		}
	}
	if want := []string{"v1api20200101", "v1api20210101", "v1api20210101storage"}; !slices.Equal(got, want) {
		t.Errorf("the CRD lists versions %v, want %v (the API versions and the hub, not the older twin v1api20200101storage)", got, want)
	}
	if crd.Spec.Conversion == nil {
		t.Error("the CRD lists several versions but has no conversion webhook")
	}
}

func walkDescriptions(s *apiextv1.JSONSchemaProps, path string, out *[]string) {
	if s == nil {
		return
	}
	if s.Description != "" {
		*out = append(*out, path)
	}
	for name, p := range s.Properties {
		walkDescriptions(&p, path+"."+name, out)
	}
	if s.Items != nil {
		walkDescriptions(s.Items.Schema, path+"[]", out)
	}
	if s.AdditionalProperties != nil {
		walkDescriptions(s.AdditionalProperties.Schema, path+"{}", out)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

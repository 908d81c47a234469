package crd

import (
	"fmt"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// nestedCRD's spec holds objects named by sizes: each has that many string properties.
func nestedCRD(sizes map[string]int) *apiextv1.CustomResourceDefinition {
	spec := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
	for name, n := range sizes {
		obj := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
		for i := range n {
			obj.Properties[fmt.Sprintf("property%d", i)] = apiextv1.JSONSchemaProps{Type: "string"}
		}
		spec.Properties[name] = obj
	}
	root := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{"spec": spec}}
	return &apiextv1.CustomResourceDefinition{Spec: apiextv1.CustomResourceDefinitionSpec{Versions: []apiextv1.CustomResourceDefinitionVersion{
		{Name: "v1", Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &root}},
	}}}
}

// TestMarshalShedsSpecObjectsToFit: a spec over the hard limit even without descriptions (Data
// Factory's pipeline) is refused no more: the smallest object whose schema covers the excess
// accepts any fields, and the rest keeps its validation.
func TestMarshalShedsSpecObjectsToFit(t *testing.T) {
	opts := Options{applyLimit: 16 << 10, hardLimit: 64 << 10}
	out, err := marshal(nestedCRD(map[string]int{"huge": 1800, "big": 900, "small": 50}), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > opts.hardLimit {
		t.Fatalf("%d bytes, over %d", len(out), opts.hardLimit)
	}
	var got apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	spec := got.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	for name, loose := range map[string]bool{"huge": true, "big": false, "small": false} {
		p := spec.Properties[name]
		if isLoose := p.XPreserveUnknownFields != nil && *p.XPreserveUnknownFields && len(p.Properties) == 0; isLoose != loose {
			t.Errorf("spec.%s accepts any fields: %v, want %v", name, isLoose, loose)
		}
	}
	if !strings.Contains(string(out), "property899") {
		t.Error("the objects that fit lost their schema")
	}
}

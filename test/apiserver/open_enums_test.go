package apiserver_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestServerAcceptsValuesOfOpenEnums: where ASO makes a swagger enum a plain string
// ($enumAsString in azure-arm.yaml), the CRD takes a value the pinned swagger does not list,
// as an ASO manifest for a newer VM size or MySQL release holds, and keeps it.
func TestServerAcceptsValuesOfOpenEnums(t *testing.T) {
	cases := []struct {
		group, kind string
		value       string
		path        []string
	}{
		{"compute.azure.com", "VirtualMachine", "Standard_D2s_v5", []string{"spec", "hardwareProfile", "vmSize"}},
		{"dbformysql.azure.com", "FlexibleServer", "8.0.37", []string{"spec", "version"}},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			obj := sampleOf(t, c.group, c.kind)
			obj.SetName(obj.GetName() + "-open-enum")
			if err := unstructured.SetNestedField(obj.Object, c.value, c.path...); err != nil {
				t.Fatal(err)
			}
			if err := checkSample(context.Background(), obj, applyStrict); err != nil {
				t.Errorf("%s with %s %q: %v", c.kind, c.path[len(c.path)-1], c.value, err)
			}
		})
	}
}

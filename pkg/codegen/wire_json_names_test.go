package codegen

import (
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestKubernetesJSONNamesAreTheWireNames: a property's Kubernetes JSON name is its wire name,
// however unusual (AKS's scan-interval, Application Insights' Application_Type, Cosmos DB's
// _etag, a dotted @odata.type without its '@'), as Azure Service Operator's generated types spell them, so an ASO
// manifest is not pruned; the Go field names stay Go. The CRD, the Go struct tags and the
// storage twin all agree.
func TestKubernetesJSONNamesAreTheWireNames(t *testing.T) {
	props := `"scan-interval": {"type": "string"}, "Application_Type": {"type": "string"},
		"_etag": {"type": "string"}, "@odata.type": {"type": "string"}, "diskEncryptionSetID": {"type": "string"}`
	res, _, err := runClash(t, clashSwagger(props, ""), "")
	if err != nil {
		t.Fatal(err)
	}
	defer buildClash(t, res)
	want := map[string]string{ // wire (= JSON) name -> Go name
		"scan-interval":       "ScanInterval",
		"Application_Type":    "ApplicationType",
		"_etag":               "Etag",
		"odata.type":          "OdataType",
		"diskEncryptionSetID": "DiskEncryptionSetID",
	}
	for _, storage := range []bool{false, true} {
		for _, name := range []string{"Thing_Spec", "Thing_STATUS"} {
			obj := thingObject(t, res, name, storage)
			for json, goName := range want {
				p, ok := obj.PropertyByJSON(json)
				if !ok || p.Name != goName {
					t.Errorf("%s (storage %v): %q is not the JSON name of %s: %s", name, storage, json, goName, obj)
				}
			}
		}
	}
	var crd []byte
	for path, body := range res.Files {
		if strings.HasPrefix(path, "crds/") && strings.HasSuffix(path, "things.yaml") {
			crd = body
		}
	}
	if crd == nil {
		t.Fatal("no CRD for things")
	}
	var doc struct {
		Spec struct {
			Versions []struct {
				Name   string
				Schema struct {
					OpenAPIV3Schema struct {
						Properties map[string]struct {
							Properties map[string]any
							// A storage version keeps whatever it is given: nothing to prune.
							PreserveUnknown bool `json:"x-kubernetes-preserve-unknown-fields"`
						}
					} `json:"openAPIV3Schema"`
				}
			}
		}
	}
	if err := yaml.Unmarshal(crd, &doc); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range doc.Spec.Versions {
		spec := v.Schema.OpenAPIV3Schema.Properties["spec"].Properties
		if v.Schema.OpenAPIV3Schema.Properties["spec"].PreserveUnknown {
			continue
		}
		checked++
		for json := range want {
			if _, ok := spec[json]; !ok {
				t.Errorf("CRD version %s: spec has no %q, so an ASO manifest's value is pruned", v.Name, json)
			}
		}
	}
	if checked == 0 {
		t.Error("no CRD version of things has a spec schema to check")
	}
}

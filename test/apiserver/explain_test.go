package apiserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// openAPISchema is the part of an OpenAPI v3 schema kubectl explain reads: descriptions, and
// the fields and items below them.
type openAPISchema struct {
	Description          string                   `json:"description"`
	Properties           map[string]openAPISchema `json:"properties"`
	Items                *openAPISchema           `json:"items"`
	AdditionalProperties *openAPISchema           `json:"additionalProperties"`
	AllOf                []openAPISchema          `json:"allOf"`
	GVK                  []struct {
		Group, Version, Kind string
	} `json:"x-kubernetes-group-version-kind"`
}

// TestServedVersionsExplainTheirFields reads every served API version's document from the API
// server's /openapi/v3, as kubectl explain does, and finds there every description the CRD gives
// a field of spec and status, at the same path. Storage versions carry none (users do not write
// them), so smaller CRDs must not cost users the field documentation of the versions they write.
func TestServedVersionsExplainTheirFields(t *testing.T) {
	if installErr != nil {
		t.Skip("the CRDs did not install; TestCRDsEstablished reports why")
	}
	ctx := context.Background()
	docs := map[string]map[string]openAPISchema{} // group/version -> schema name -> schema
	explained := 0
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if !v.Served || strings.HasSuffix(v.Name, "storage") || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			gv := crd.Spec.Group + "/" + v.Name
			schemas, ok := docs[gv]
			if !ok {
				var err error
				if schemas, err = readOpenAPIV3(ctx, gv); err != nil {
					t.Errorf("%s: %v", crd.Name, err)
					continue
				}
				docs[gv] = schemas
			}
			served, ok := kindSchema(schemas, crd.Spec.Group, v.Name, crd.Spec.Names.Kind)
			if !ok {
				t.Errorf("%s: /openapi/v3/apis/%s has no schema for kind %s", crd.Name, gv, crd.Spec.Names.Kind)
				continue
			}
			var missing []string
			n := 0
			for _, top := range []string{"spec", "status"} {
				want := v.Schema.OpenAPIV3Schema.Properties[top]
				n += compareDescriptions(&want, served.Properties[top], top, &missing)
			}
			if n == 0 {
				t.Errorf("%s %s: the CRD describes no field of spec or status", crd.Name, v.Name)
			}
			explained += n
			if len(missing) > 0 {
				t.Errorf("%s %s: OpenAPI lacks the description of %d fields, such as %s", crd.Name, v.Name, len(missing), strings.Join(missing[:min(5, len(missing))], ", "))
			}
		}
	}
	t.Logf("%d field descriptions read through /openapi/v3 of %d group-versions", explained, len(docs))
}

// readOpenAPIV3 reads /openapi/v3/apis/<group>/<version> and returns its component schemas.
func readOpenAPIV3(ctx context.Context, gv string) (map[string]openAPISchema, error) {
	raw, err := server.Extensions.Discovery().RESTClient().Get().AbsPath("/openapi/v3/apis/" + gv).DoRaw(ctx)
	if err != nil {
		return nil, fmt.Errorf("GET /openapi/v3/apis/%s: %w", gv, err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]openAPISchema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("/openapi/v3/apis/%s: %w", gv, err)
	}
	return doc.Components.Schemas, nil
}

func kindSchema(schemas map[string]openAPISchema, group, version, kind string) (openAPISchema, bool) {
	for _, s := range schemas {
		for _, gvk := range s.GVK {
			if gvk.Group == group && gvk.Version == version && gvk.Kind == kind {
				return s, true
			}
		}
	}
	return openAPISchema{}, false
}

// compareDescriptions walks the CRD's schema and the served one together, recording the path of
// every description the served schema lacks; it returns how many descriptions it compared.
func compareDescriptions(want *apiextv1.JSONSchemaProps, got openAPISchema, path string, missing *[]string) int {
	// A field whose type is a shared schema is served as allOf: [its type] beside its own description.
	for _, a := range got.AllOf {
		if got.Properties == nil {
			got.Properties = a.Properties
		}
		if got.Items == nil {
			got.Items = a.Items
		}
	}
	n := 0
	if want.Description != "" {
		n++
		if got.Description != want.Description {
			*missing = append(*missing, path)
		}
	}
	for name, p := range want.Properties {
		n += compareDescriptions(&p, got.Properties[name], path+"."+name, missing)
	}
	if want.Items != nil && want.Items.Schema != nil {
		var items openAPISchema
		if got.Items != nil {
			items = *got.Items
		}
		n += compareDescriptions(want.Items.Schema, items, path+"[]", missing)
	}
	if want.AdditionalProperties != nil && want.AdditionalProperties.Schema != nil {
		var values openAPISchema
		if got.AdditionalProperties != nil {
			values = *got.AdditionalProperties
		}
		n += compareDescriptions(want.AdditionalProperties.Schema, values, path+"{}", missing)
	}
	return n
}

package crd

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// deepSchema is an object chain depth deep, each level with a long description, an enum, a
// list and a map beside the next level: what the Data Factory unions look like to shedSpec.
func deepSchema(depth int, desc string) apiextv1.JSONSchemaProps {
	s := apiextv1.JSONSchemaProps{Type: "object", Description: desc, Properties: map[string]apiextv1.JSONSchemaProps{
		"name":       {Type: "string", Enum: []apiextv1.JSON{{Raw: []byte(`"a<b"`)}}},
		"tags":       {Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Type: "string"}}},
		"list":       {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{"x&y": {Type: "integer"}}}}},
		"tuple":      {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{JSONSchemas: []apiextv1.JSONSchemaProps{{Type: "string"}}}},
		"any":        {Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true}},
		"\"quoted\"": {},
	}}
	if depth > 0 {
		s.Properties[fmt.Sprintf("level%d", depth)] = deepSchema(depth-1, desc)
	}
	return s
}

// Every candidate's size is what encoding its schema whole gives, as before sizes were summed.
func TestShedCandidateSizesAreEncodedSizes(t *testing.T) {
	root := deepSchema(6, "Some <description> & more.")
	var cands []candidate
	size := collect(&root, []string{}, 0, &cands, true)
	if raw, _ := json.Marshal(&root); size != len(raw) {
		t.Errorf("root: summed size %d, encoded %d", size, len(raw))
	}
	for _, c := range cands {
		s := root
		for _, step := range c.path {
			switch step {
			case "[]":
				s = *s.Items.Schema
			case "{}":
				s = *s.AdditionalProperties.Schema
			default:
				s = s.Properties[step]
			}
		}
		if raw, _ := json.Marshal(&s); c.size != len(raw) {
			t.Errorf("%s: summed size %d, encoded %d", strings.Join(c.path, "/"), c.size, len(raw))
		}
	}
	if len(cands) < 12 {
		t.Errorf("%d candidates, want every object with properties below the root", len(cands))
	}
}

// Ranking shed candidates encoded each one whole, so a deep schema was encoded once per
// enclosing object: bytes allocated grew with the square of the depth, tens of times the
// schema's own JSON. Each node is encoded once now.
func TestShedRankingEncodesEachSchemaOnce(t *testing.T) {
	root := deepSchema(160, strings.Repeat("A long description of this level. ", 60))
	raw, err := json.Marshal(&root)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var cands []candidate
	collect(&root, []string{}, 0, &cands, true)
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("schema JSON %d KiB, ranking allocated %d KiB", len(raw)>>10, allocated>>10)
	if allocated > 16*uint64(len(raw)) {
		t.Errorf("ranking shed candidates allocated %d KiB, %.0f times the schema's %d KiB of JSON: want at most 16 (each node encoded once)", allocated>>10, float64(allocated)/float64(len(raw)), len(raw)>>10)
	}
}

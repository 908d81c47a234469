package yamlenc

import (
	"fmt"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"
)

// crdShaped is a tree shaped as a CRD schema: nested properties, each with a type and a
// description of a sentence or two, enums and required lists.
func crdShaped(width, depth int) map[string]any {
	props := map[string]any{}
	for i := range width {
		p := map[string]any{
			"type":        "string",
			"description": fmt.Sprintf("Property%d: the %d-th setting of the resource, as Azure Resource Manager names it. %s", i, i, strings.Repeat("More words follow. ", i%4)),
		}
		switch {
		case depth > 0 && i%3 == 0:
			p = crdShaped(width, depth-1)
		case i%3 == 1:
			p["enum"] = []any{"Enabled", "Disabled", "2020-06-01"}
		}
		props[fmt.Sprintf("property%d", i)] = p
	}
	return map[string]any{"type": "object", "description": "An object.", "properties": props, "required": []any{"property0"}}
}

func BenchmarkMarshal(b *testing.B) {
	v := crdShaped(12, 3)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkYAMLv2 is the reference the encoder replaces, on the same tree.
func BenchmarkYAMLv2(b *testing.B) {
	v := crdShaped(12, 3)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := yaml.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchmarkTreeMatches(t *testing.T) { check(t, crdShaped(12, 2)) }

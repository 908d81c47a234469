package armfake

import (
	"testing"

	"github.com/go-openapi/spec"
	"github.com/google/go-cmp/cmp"
)

// TestDefaultsAreCopiedIntoTheAnswer: a default that is an object or an array is the schema's
// own value; the answer it fills is changed afterwards (read-only values filled in, write-only
// ones removed, Azure's habits), so it must get a copy, or one answer's changes reach the next.
func TestDefaultsAreCopiedIntoTheAnswer(t *testing.T) {
	s := &spec.Schema{}
	s.Properties = map[string]spec.Schema{
		"settings": {SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"object"}, Default: map[string]any{"mode": "auto"}}},
		"zones":    {SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"array"}, Default: []any{"1"}}},
	}
	first := map[string]any{}
	applyDefaults(first, s, 0)
	first["settings"].(map[string]any)["mode"] = "changed by the first answer"
	first["zones"].([]any)[0] = "changed by the first answer"

	second := map[string]any{}
	applyDefaults(second, s, 0)
	want := map[string]any{"settings": map[string]any{"mode": "auto"}, "zones": []any{"1"}}
	if diff := cmp.Diff(want, second); diff != "" {
		t.Errorf("the second answer's defaults carry the first answer's changes (-want +got):\n%s", diff)
	}
}

package crd

import (
	"encoding/json"
	"testing"

	"sigs.k8s.io/yaml"
)

// toYAML must write what sigs.k8s.io/yaml writes, numbers and strings that look like other
// YAML types included: CRD files must not change with the faster path.
func TestToYAMLMatchesSigsYAML(t *testing.T) {
	doc := `{
		"ints": [0, 3, -7, 100, 1000000, 9223372036854775807, -9223372036854775808, 18446744073709551615, 1e21, 123456789012345678901234],
		"floats": [0.5, -1.25, 1e-7, 3.0e2, 1.7976931348623157e308, 5e-324],
		"strings": ["", "true", "null", "1.0", "0x1F", "~", "a: b", "- x", "<&>", "é ✓", "line\nbreak", "tab\there", " lead", "trail ", "#", "'q'", "\"d\"", "yes", "on", "1_000"],
		"nested": {"b": {"z": [], "a": {}}, "a": null, "10": true, "9": false, "<<": 1},
		"long": "` + longText + `"
	}`
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	want, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := toYAML(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("toYAML differs from sigs.k8s.io/yaml:\n got:\n%s\nwant:\n%s", got, want)
	}
}

const longText = "A description long enough that YAML folds it over several lines, with punctuation: colons, dashes - and # marks, so that the quoting rules of the encoder are exercised as they are by real descriptions."

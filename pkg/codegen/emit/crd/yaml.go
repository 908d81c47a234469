package crd

import (
	"encoding/json"
	"fmt"

	yaml "go.yaml.in/yaml/v2"
)

// toYAML writes a value decoded by encoding/json as YAML, byte for byte as sigs.k8s.io/yaml's
// Marshal would. That one encodes the value to JSON again and has the YAML parser read it back
// before encoding, only so that numbers get the Go type YAML would give them; the parse was a
// third of the CRD time. Here only the numbers take that round trip.
func toYAML(v any) ([]byte, error) {
	v, err := yamlNumbers(v)
	if err != nil {
		return nil, err
	}
	return yaml.Marshal(v)
}

// yamlNumbers replaces, in place, every float64 (how encoding/json decodes any number) by the
// value YAML reads from its JSON text: 3 becomes the int 3, 0.5 stays a float, and numbers too
// large for an int64 are what sigs.k8s.io/yaml makes of them.
func yamlNumbers(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			n, err := yamlNumbers(e)
			if err != nil {
				return nil, err
			}
			v[k] = n
		}
	case []any:
		for i, e := range v {
			n, err := yamlNumbers(e)
			if err != nil {
				return nil, err
			}
			v[i] = n
		}
	case float64:
		text, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		var n any
		if err := yaml.Unmarshal(text, &n); err != nil {
			return nil, fmt.Errorf("number %s: %w", text, err)
		}
		return n, nil
	}
	return v, nil
}

package crd

import (
	"encoding/json"
	"errors"
	"fmt"

	yaml "go.yaml.in/yaml/v2"

	"github.com/armgen/armgen/pkg/codegen/emit/yamlenc"
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
	return encodeYAML(v, 0)
}

// encodeYAML writes a tree whose numbers are already YAML's (crdTree, yamlNumbers) through the
// direct encoder, which gives yaml/v2's bytes several times faster; the few values it leaves to
// yaml/v2 (strings that are not UTF-8, keys over 128 bytes) go to yaml/v2 itself.
func encodeYAML(v any, sizeHint int) ([]byte, error) {
	out, err := yamlenc.MarshalSize(v, sizeHint)
	if errors.Is(err, yamlenc.ErrUnsupported) {
		return yaml.Marshal(v)
	}
	return out, err
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

package armschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// decode reads a JSON object. Integers become int64 (float64 would make go-openapi call an
// integer beyond 2^53 "not an integer"), other numbers float64.
func decode(payload []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the JSON value")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("got %T", v)
	}
	return numbers(m).(map[string]any), nil
}

func numbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, item := range x {
			x[k] = numbers(item)
		}
	case []any:
		for i, item := range x {
			x[i] = numbers(item)
		}
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String() // out of float64's range: let the type check report a string
	}
	return v
}

// remove deletes the property at path (object keys) from v, if there.
func remove(v map[string]any, path []string) {
	for len(path) > 1 {
		next, ok := v[path[0]].(map[string]any)
		if !ok {
			return
		}
		v, path = next, path[1:]
	}
	delete(v, path[0])
}

package exporters

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// step is one step of a value's path: a property name, an index into a list, or the item of a
// list whose property matchKey is matchValue.
type step struct {
	name  string
	index int // when name and matchKey are ""

	matchKey, matchValue string
}

// parsePath reads the path syntax of genruntime.ExportedValue: property names joined by dots,
// [n] for an item of a list (properties.hostName, keys[0].value, [1].name), [key=value] for the
// item whose key is value (value[name=Primary].connectionString).
func parsePath(path string) ([]step, error) {
	if path == "" {
		return nil, fmt.Errorf("empty path")
	}
	var steps []step
	rest := path
	expectName := true
	for rest != "" {
		switch {
		case rest[0] == '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("path %q: [ without ]", path)
			}
			if k, v, ok := strings.Cut(rest[1:end], "="); ok {
				if k == "" || v == "" {
					return nil, fmt.Errorf("path %q: %q is not key=value", path, rest[1:end])
				}
				steps = append(steps, step{matchKey: k, matchValue: v})
				rest = rest[end+1:]
				expectName = false
				continue
			}
			n, err := strconv.Atoi(rest[1:end])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("path %q: %q is not a list index", path, rest[1:end])
			}
			steps = append(steps, step{index: n})
			rest = rest[end+1:]
			expectName = false
		case rest[0] == '.':
			if expectName {
				return nil, fmt.Errorf("path %q: empty property name", path)
			}
			rest = rest[1:]
			expectName = true
			if rest == "" {
				return nil, fmt.Errorf("path %q ends with a dot", path)
			}
		default:
			if !expectName {
				return nil, fmt.Errorf("path %q: a property name must follow a dot", path)
			}
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			steps = append(steps, step{name: rest[:end]})
			rest = rest[end:]
			expectName = false
		}
	}
	return steps, nil
}

// errNotFound says a path leads nowhere in a document: a property absent or null, a list too short.
type errNotFound struct{ path string }

func (e errNotFound) Error() string { return "no value at " + e.path }

// lookup finds the value at path in a JSON document and returns it as the text an exported key
// holds: a string as is, a number or a boolean as JSON writes it, an object or a list as
// compact JSON. Property names match exactly, else without regard to case (some services
// change the case of keys).
func lookup(doc any, path string) (string, error) {
	steps, err := parsePath(path)
	if err != nil {
		return "", err
	}
	v := doc
	for _, s := range steps {
		switch {
		case s.name != "":
			m, ok := v.(map[string]any)
			if !ok {
				return "", errNotFound{path}
			}
			v, ok = property(m, s.name)
			if !ok {
				return "", errNotFound{path}
			}
		case s.matchKey != "":
			l, ok := v.([]any)
			if !ok {
				return "", errNotFound{path}
			}
			if v, ok = matching(l, s.matchKey, s.matchValue); !ok {
				return "", errNotFound{path}
			}
		default:
			l, ok := v.([]any)
			if !ok || s.index >= len(l) {
				return "", errNotFound{path}
			}
			v = l[s.index]
		}
	}
	switch x := v.(type) {
	case nil:
		return "", errNotFound{path}
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return "", err
		}
		return string(b), nil
	}
}

func property(m map[string]any, name string) (any, bool) {
	if v, ok := m[name]; ok {
		return v, true
	}
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

// decode reads a JSON document keeping numbers as written (a port stays 6380, not 6380.0).
func decode(body []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// matching is the first item of l whose key is value: exactly, else without regard to case (a
// key's name as a service spells it may change case between api-versions).
func matching(l []any, key, value string) (any, bool) {
	for _, exact := range []bool{true, false} {
		for _, item := range l {
			m, ok := item.(map[string]any)
			if !ok {
				continue
			}
			got, ok := property(m, key)
			s, isString := got.(string)
			if ok && isString && (s == value || !exact && strings.EqualFold(s, value)) {
				return item, true
			}
		}
	}
	return nil, false
}

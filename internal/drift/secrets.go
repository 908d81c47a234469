package drift

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Secrets are the places of a PUT body that hold a value read from a Secret, found by where a
// value is put rather than by what it is: matching values would take any string that happens to
// contain a short secret ("1" read from a Secret map is in "10") for a secret, and leave it
// unjudged. The zero value holds none.
type Secrets struct {
	paths []string
}

// SecretPaths finds the places of marked, a PUT body made from the same spec with each value read
// from a Secret replaced by a marker (isMarker says a string holds one), where a marker is.
func SecretPaths(marked []byte, isMarker func(string) bool) (Secrets, error) {
	var v any
	if err := json.Unmarshal(marked, &v); err != nil {
		return Secrets{}, fmt.Errorf("reading the body with secrets marked: %w", err)
	}
	var s Secrets
	var visit func(path string, v any)
	visit = func(path string, v any) {
		switch x := v.(type) {
		case string:
			if isMarker(x) {
				s.paths = append(s.paths, orRoot(path))
			}
		case map[string]any:
			for k, e := range x {
				visit(join(path, k), e)
			}
		case []any:
			for i, e := range x {
				visit(path+"["+strconv.Itoa(i)+"]", e)
			}
		}
	}
	visit("", v)
	return s, nil
}

// Len is the number of places holding a secret.
func (s Secrets) Len() int { return len(s.paths) }

// within says the value at path holds a secret, or holds a place that does (a list or object
// judged whole).
func (s Secrets) within(path string) bool {
	for _, p := range s.paths {
		if p == path || path == "(body)" || strings.HasPrefix(p, path+".") || strings.HasPrefix(p, path+"[") {
			return true
		}
	}
	return false
}

package armfake

import "strings"

// visitPath calls f with the object holding each value a dotted path names in v, and the key
// of the value in it ("properties.locations[].locationName": every item of the locations
// array). Only existing objects are visited; the last key need not exist.
func visitPath(v any, path string, f func(parent map[string]any, key string)) {
	segs := strings.Split(path, ".")
	visitSegs(v, segs, f)
}

func visitSegs(v any, segs []string, f func(map[string]any, string)) {
	m, ok := v.(map[string]any)
	if !ok || len(segs) == 0 {
		return
	}
	key, each := strings.CutSuffix(segs[0], "[]")
	if len(segs) == 1 && !each {
		f(m, key)
		return
	}
	next := m[key]
	if !each {
		visitSegs(next, segs[1:], f)
		return
	}
	items, _ := next.([]any)
	for _, it := range items {
		visitSegs(it, segs[1:], f)
	}
}

// valueAt is the value a dotted path (without []) names in v, and whether there is one.
func valueAt(v any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

package reconciler

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// drift compares what a spec asks of Azure (the PUT body ConvertToARM makes) with what a GET
// returns, and names the first difference, or "" when Azure holds everything asked.
//
// Only what the spec asks is compared: Azure adds read-only and defaulted values the spec never
// set. A value the GET leaves out counts as held, as Azure does not return write-only values
// (passwords, keys); a value it returns different is drift. Strings compare exactly, except
// locations, which ARM normalises ("West US" is returned as "westus").
func drift(desired, actual []byte) (string, error) {
	var want, got any
	if err := json.Unmarshal(desired, &want); err != nil {
		return "", fmt.Errorf("reading the desired body: %w", err)
	}
	if err := json.Unmarshal(actual, &got); err != nil {
		return "", fmt.Errorf("reading Azure's answer: %w", err)
	}
	return differs("", want, got), nil
}

func differs(path string, want, got any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return orRoot(path)
		}
		for _, k := range sortedKeys(w) {
			gv, present := lookup(g, k)
			if !present {
				continue
			}
			if d := differs(join(path, k), w[k], gv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return orRoot(path)
		}
		for i := range w {
			if d := differs(path+"["+strconv.Itoa(i)+"]", w[i], g[i]); d != "" {
				return d
			}
		}
		return ""
	case string:
		g, ok := got.(string)
		if !ok {
			return orRoot(path)
		}
		if isLocation(path) {
			if normaliseLocation(w) != normaliseLocation(g) {
				return path
			}
			return ""
		}
		if w != g {
			return orRoot(path)
		}
		return ""
	case nil:
		return ""
	default:
		// Numbers and booleans: JSON decoding gives float64 and bool, so equal values compare equal.
		if w != got {
			return orRoot(path)
		}
		return ""
	}
}

// lookup finds k in m; ARM echoes property names in the case it declares, which a client
// usually matches, but some services change the case of keys.
func lookup(m map[string]any, k string) (any, bool) {
	if v, ok := m[k]; ok {
		return v, true
	}
	for mk, v := range m {
		if strings.EqualFold(mk, k) {
			return v, true
		}
	}
	return nil, false
}

func isLocation(path string) bool {
	return path == "location" || strings.HasSuffix(path, ".location") || strings.HasSuffix(path, ".locationName")
}

func normaliseLocation(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, " ", ""))
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func orRoot(path string) string {
	if path == "" {
		return "(body)"
	}
	return path
}

func sortedKeys(m map[string]any) []string {
	// Sorted so the difference named is the same every time.
	return slices.Sorted(maps.Keys(m))
}

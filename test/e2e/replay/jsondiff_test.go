package replay_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
)

// jsonDiff compares two JSON documents by value (key order ignored) and names the path of each
// difference: "properties.sku.capacity: sent 2, recorded 1".
func jsonDiff(sent, recorded string) []string {
	var s, r any
	if err := json.Unmarshal([]byte(sent), &s); err != nil {
		return []string{"the body sent is not JSON: " + err.Error()}
	}
	if err := json.Unmarshal([]byte(recorded), &r); err != nil {
		return []string{"the recorded body is not JSON: " + err.Error()}
	}
	return diffValues("", s, r)
}

func diffValues(path string, sent, recorded any) []string {
	switch rec := recorded.(type) {
	case map[string]any:
		got, ok := sent.(map[string]any)
		if !ok {
			break
		}
		var out []string
		for _, k := range sortedUnion(got, rec) {
			p := join(path, k)
			gv, inSent := got[k]
			rv, inRec := rec[k]
			switch {
			case !inSent:
				out = append(out, fmt.Sprintf("%s: not sent, recorded %s", p, compact(rv)))
			case !inRec:
				out = append(out, fmt.Sprintf("%s: sent %s, not in the recording", p, compact(gv)))
			default:
				out = append(out, diffValues(p, gv, rv)...)
			}
		}
		return out
	case []any:
		got, ok := sent.([]any)
		if !ok || len(got) != len(rec) {
			break
		}
		var out []string
		for i := range rec {
			out = append(out, diffValues(path+"["+strconv.Itoa(i)+"]", got[i], rec[i])...)
		}
		return out
	default:
		if reflect.DeepEqual(sent, recorded) {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: sent %s, recorded %s", orRoot(path), compact(sent), compact(recorded))}
}

func sortedUnion(a, b map[string]any) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func orRoot(path string) string {
	if path == "" {
		return "(the body)"
	}
	return path
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

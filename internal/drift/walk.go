package drift

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// leaf is one value the PUT asked, as walk finds it: where, what was sent, what Azure holds.
type leaf struct {
	path       string
	sent, held any
}

// walk calls visit for each leaf of sent that Azure's answer held also has, in a stable order,
// until visit returns false. A leaf is a scalar, or an object or list whose shape Azure changed
// (a list grown or shrunk, a value of another JSON type): Azure completing a list with a default
// item is recorded for the list as a whole. A value Azure leaves out is not visited: Azure does
// not return write-only values (passwords, keys). A null sent asks for nothing.
func walk(path string, sent, held any, visit func(leaf) bool) bool {
	switch s := sent.(type) {
	case nil:
		return true
	case map[string]any:
		h, ok := held.(map[string]any)
		if !ok {
			return visit(leaf{orRoot(path), sent, held})
		}
		// Sorted so the difference named is the same every time.
		for _, k := range slices.Sorted(maps.Keys(s)) {
			hv, present := lookup(h, k)
			if !present {
				continue
			}
			if !walk(join(path, k), s[k], hv, visit) {
				return false
			}
		}
		return true
	case []any:
		h, ok := held.([]any)
		if !ok || len(h) != len(s) {
			return visit(leaf{orRoot(path), sent, held})
		}
		for i := range s {
			if !walk(path+"["+strconv.Itoa(i)+"]", s[i], h[i], visit) {
				return false
			}
		}
		return true
	default:
		return visit(leaf{orRoot(path), sent, held})
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

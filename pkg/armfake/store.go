package armfake

import (
	"slices"
	"strings"
	"time"
)

// stored is one resource as armfake keeps it.
type stored struct {
	id         string // as the client first wrote it
	armType    string // as the catalogue spells it
	apiVersion string
	// body is what the client sent, read-only properties removed (plus any drift injected).
	body              map[string]any
	provisioningState string
	etag              string
	createdBy         string
	created, modified time.Time
	// generation counts regenerate* actions, so regenerated keys differ and stay deterministic.
	generation int
	// pending is the long-running operation working on the resource, if any.
	pending *operation
}

// store holds resources by lower-cased ARM ID, as ARM IDs are case-insensitive. It is guarded
// by the server's state mutex.
type store struct {
	items map[string]*stored
}

func newStore() *store { return &store{items: map[string]*stored{}} }

func (s *store) get(id string) *stored { return s.items[strings.ToLower(id)] }

func (s *store) put(r *stored) { s.items[strings.ToLower(r.id)] = r }

// remove deletes a resource and everything below it (children, and extension resources on it):
// ARM deletes what a resource holds with it, as it does for resource groups.
func (s *store) remove(id string) int {
	key := strings.ToLower(id)
	n := 0
	for k := range s.items {
		if k == key || strings.HasPrefix(k, key+"/") {
			delete(s.items, k)
			n++
		}
	}
	return n
}

// list returns the resources of an ARM type directly inside parent (or anywhere below it when
// deep), sorted by ID.
func (s *store) list(parent, armType string, deep bool) []*stored {
	prefix := strings.ToLower(parent) + "/"
	var out []*stored
	for k, r := range s.items {
		if !strings.HasPrefix(k, prefix) || !strings.EqualFold(r.armType, armType) {
			continue
		}
		if !deep && !strings.EqualFold(parentOf(r), parent) {
			continue
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *stored) int { return strings.Compare(strings.ToLower(a.id), strings.ToLower(b.id)) })
	return out
}

// below returns every resource below id (not id itself), sorted by ID.
func (s *store) below(id string) []*stored {
	prefix := strings.ToLower(id) + "/"
	var out []*stored
	for k, r := range s.items {
		if strings.HasPrefix(k, prefix) {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *stored) int { return strings.Compare(strings.ToLower(a.id), strings.ToLower(b.id)) })
	return out
}

func parentOf(r *stored) string {
	p := parsePath(r.id, "GET")
	return p.parentID()
}

// ids lists every stored ID, sorted (for the admin endpoint).
func (s *store) ids() []string {
	out := make([]string, 0, len(s.items))
	for _, r := range s.items {
		out = append(out, r.id)
	}
	slices.Sort(out)
	return out
}

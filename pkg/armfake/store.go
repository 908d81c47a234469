package armfake

import (
	"slices"
	"strings"
	"time"

	"github.com/google/btree"
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
//
// Besides the map, two ordered indexes keep list and below costing what they return rather
// than a scan of every resource (a GET of a virtual network lists its subnets, and a fleet holds
// thousands of resources): every resource by key, and every resource of a type by key. A
// resource's key is its lower-cased ID, so everything below an ID sits in one run of keys (those
// starting ID + "/"), already in the order the answers are sorted in.
type store struct {
	items  map[string]*stored
	order  *btree.BTreeG[storeEntry]
	byType map[string]*btree.BTreeG[storeEntry] // by lower-cased ARM type
}

// storeEntry is a resource in an index, under its key.
type storeEntry struct {
	key string
	r   *stored
}

// indexDegree is the B-tree's degree: wide nodes, few levels, for a store of a few to a few
// hundred thousand resources.
const indexDegree = 32

func newIndex() *btree.BTreeG[storeEntry] {
	return btree.NewG(indexDegree, func(a, b storeEntry) bool { return a.key < b.key })
}

func newStore() *store {
	return &store{items: map[string]*stored{}, order: newIndex(), byType: map[string]*btree.BTreeG[storeEntry]{}}
}

func (s *store) get(id string) *stored { return s.items[strings.ToLower(id)] }

func (s *store) put(r *stored) {
	key := strings.ToLower(r.id)
	if old := s.items[key]; old != nil && !strings.EqualFold(old.armType, r.armType) {
		s.typeIndex(old.armType).Delete(storeEntry{key: key})
	}
	s.items[key] = r
	s.order.ReplaceOrInsert(storeEntry{key, r})
	s.typeIndex(r.armType).ReplaceOrInsert(storeEntry{key, r})
}

// typeIndex is the index of armType's resources, made empty on first use.
func (s *store) typeIndex(armType string) *btree.BTreeG[storeEntry] {
	t := strings.ToLower(armType)
	idx := s.byType[t]
	if idx == nil {
		idx = newIndex()
		s.byType[t] = idx
	}
	return idx
}

// remove deletes a resource and everything below it (children, and extension resources on it):
// ARM deletes what a resource holds with it, as it does for resource groups.
func (s *store) remove(id string) int {
	key := strings.ToLower(id)
	gone := s.below(id)
	if r := s.items[key]; r != nil {
		gone = append(gone, r)
	}
	for _, r := range gone {
		k := strings.ToLower(r.id)
		delete(s.items, k)
		s.order.Delete(storeEntry{key: k})
		s.typeIndex(r.armType).Delete(storeEntry{key: k})
	}
	return len(gone)
}

// list returns the resources of an ARM type directly inside parent (or anywhere below it when
// deep), sorted by ID.
func (s *store) list(parent, armType string, deep bool) []*stored {
	idx := s.byType[strings.ToLower(armType)]
	if idx == nil {
		return nil
	}
	var out []*stored
	for _, r := range scanPrefix(idx, strings.ToLower(parent)+"/") {
		if deep || strings.EqualFold(parentOf(r), parent) {
			out = append(out, r)
		}
	}
	return out
}

// below returns every resource below id (not id itself), sorted by ID.
func (s *store) below(id string) []*stored {
	return scanPrefix(s.order, strings.ToLower(id)+"/")
}

// scanPrefix is the resources of idx whose keys start with prefix, in key order.
func scanPrefix(idx *btree.BTreeG[storeEntry], prefix string) []*stored {
	var out []*stored
	idx.AscendGreaterOrEqual(storeEntry{key: prefix}, func(e storeEntry) bool {
		if !strings.HasPrefix(e.key, prefix) {
			return false
		}
		out = append(out, e.r)
		return true
	})
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

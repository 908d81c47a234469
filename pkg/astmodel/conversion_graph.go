package astmodel

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Storage versions and conversions, as data. Stages decide them; the Go emitter renders them.
//
// Every API version of a resource has a storage twin (same name, package StorageTwin()). One
// storage version per kind is the hub, the version the API server stores. An API resource
// converts to the hub through its storage twin; a storage resource that is not the hub converts
// to the hub directly. Conversions between two object types are AssignProperties methods declared
// on the type nearer the API version (Self), one for each direction.

// GroupKind identifies a resource across its versions: the short group (network) and the kind.
type GroupKind struct{ Group, Kind string }

func (gk GroupKind) String() string { return gk.Group + "/" + gk.Kind }

// KindVersions are the versions of one kind and how they convert.
type KindVersions struct {
	GroupKind
	// Hub is the storage resource every other version converts to and from.
	Hub TypeName
	// Resources are every version of the kind, API and storage, in package order.
	Resources []TypeName
}

// ConversionGraph says, for every resource, which resource it converts to on its way to the hub.
// Treat it as immutable once built.
type ConversionGraph struct {
	kinds map[GroupKind]*KindVersions
	next  map[TypeName]TypeName
	hubOf map[TypeName]TypeName
}

// NewConversionGraph returns an empty graph.
func NewConversionGraph() *ConversionGraph {
	return &ConversionGraph{kinds: map[GroupKind]*KindVersions{}, next: map[TypeName]TypeName{}, hubOf: map[TypeName]TypeName{}}
}

// AddKind records the versions of a kind: each API resource's storage twin, and the hub. It
// fails when the hub is not one of the storage twins.
func (g *ConversionGraph) AddKind(gk GroupKind, twins map[TypeName]TypeName, hub TypeName) error {
	kv := &KindVersions{GroupKind: gk, Hub: hub}
	found := false
	for api, storage := range twins {
		kv.Resources = append(kv.Resources, api, storage)
		g.next[api] = storage
		g.hubOf[api] = hub
		g.hubOf[storage] = hub
		if storage == hub {
			found = true
		} else {
			g.next[storage] = hub
		}
	}
	if !found {
		return fmt.Errorf("%s: hub %s is not the storage twin of any version", gk, hub)
	}
	slices.SortFunc(kv.Resources, compareTypeNames)
	g.kinds[gk] = kv
	return nil
}

// Next returns the resource n converts to on its way to the hub; false for the hub itself and
// for names the graph does not know.
func (g *ConversionGraph) Next(n TypeName) (TypeName, bool) {
	if g == nil {
		return TypeName{}, false
	}
	t, ok := g.next[n]
	return t, ok
}

// Hub returns the hub of n's kind.
func (g *ConversionGraph) Hub(n TypeName) (TypeName, bool) {
	if g == nil {
		return TypeName{}, false
	}
	t, ok := g.hubOf[n]
	return t, ok
}

// IsHub reports whether n is the hub of its kind.
func (g *ConversionGraph) IsHub(n TypeName) bool {
	h, ok := g.Hub(n)
	return ok && h == n
}

// Kinds returns every kind, sorted.
func (g *ConversionGraph) Kinds() []*KindVersions {
	if g == nil {
		return nil
	}
	out := slices.Collect(maps.Values(g.kinds))
	slices.SortFunc(out, func(a, b *KindVersions) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// KindOf returns the versions of the kind a resource belongs to.
func (g *ConversionGraph) KindOf(resource TypeName) (*KindVersions, bool) {
	if g == nil {
		return nil, false
	}
	kv, ok := g.kinds[GroupKind{Group: resource.Package.Group, Kind: resource.Name}]
	return kv, ok
}

// Dump lists each kind with its hub and the path of every version, for --debug-stage.
func (g *ConversionGraph) Dump(w io.Writer) error {
	for _, kv := range g.Kinds() {
		if _, err := fmt.Fprintf(w, "%s hub=%s\n", kv, kv.Hub); err != nil {
			return err
		}
		for _, r := range kv.Resources {
			if next, ok := g.Next(r); ok {
				if _, err := fmt.Fprintf(w, "  %s -> %s\n", r, next); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

package conversions

import (
	"maps"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
)

// renames knows, for every object type of a group (by type name, whatever its version), which
// property names are one property under names it carried in different versions. $renamedFrom
// names a property's name in the versions before it, so a chain a -> b -> c is said in two
// places (b from a, c from b); conversions pair a version with the hub directly, so pairing a
// with c takes the whole chain, not either link alone.
type renames map[renameScope]aliases

type renameScope struct{ group, typeName string }

// aliases is a union-find over property JSON names.
type aliases map[string]string

func (a aliases) root(n string) string {
	for {
		p, ok := a[n]
		if !ok || p == n {
			return n
		}
		a[n] = a[p] // path halving
		n = p
	}
}

func (a aliases) union(x, y string) {
	rx, ry := a.root(x), a.root(y)
	if rx == ry {
		return
	}
	// The smaller root wins, so that classes come out the same whatever the map order.
	if ry < rx {
		rx, ry = ry, rx
	}
	a[rx], a[ry] = rx, rx
}

// findRenames collects the renames of every object type of the API and storage packages. A
// $renamedFrom value may be the old JSON name or wire name; it joins the JSON name of whichever
// property of the same type carries that name in some version.
func findRenames(defs astmodel.Definitions) renames {
	byScope := make(map[renameScope][]*astmodel.Property)
	for _, n := range slices.SortedFunc(maps.Keys(defs), compareTypeNames) {
		if !n.Package.IsAPI() {
			continue
		}
		o, ok := defs[n].Type.(*astmodel.ObjectType)
		if !ok {
			continue
		}
		s := renameScope{n.Package.Group, n.Name}
		byScope[s] = append(byScope[s], o.Properties()...)
	}
	out := make(renames)
	for s, props := range byScope {
		var a aliases
		for _, p := range props {
			if p.RenamedFrom == "" || p.IsPropertyBag() {
				continue
			}
			if a == nil {
				a = make(aliases)
			}
			old := p.RenamedFrom
			for _, q := range props {
				if q != p && !q.IsPropertyBag() && (q.JSONName == p.RenamedFrom || q.ARMName == p.RenamedFrom) {
					old = q.JSONName
					break
				}
			}
			a.union(p.JSONName, old)
		}
		if a != nil {
			out[s] = a
		}
	}
	return out
}

// same reports whether two JSON names of a type of a group are one property renamed along a
// chain of versions.
func (r renames) same(t astmodel.TypeName, x, y string) bool {
	a, ok := r[renameScope{t.Package.Group, t.Name}]
	if !ok {
		return false
	}
	return a.root(x) == a.root(y)
}

func compareTypeNames(a, b astmodel.TypeName) int {
	if a.Package.Path != b.Package.Path {
		if a.Package.Path < b.Package.Path {
			return -1
		}
		return 1
	}
	switch {
	case a.Name < b.Name:
		return -1
	case a.Name > b.Name:
		return 1
	}
	return 0
}

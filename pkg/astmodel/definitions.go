package astmodel

import (
	"maps"
	"slices"
)

// Definition binds a name to a type.
type Definition struct {
	Name        TypeName
	Type        Type
	Description string
	// Source is where the definition came from (file#/json/pointer), for explanations.
	Source string
	// Origin is what the definition was derived from, if it was.
	Origin Origin
}

// WithType returns the definition with another type.
func (d Definition) WithType(t Type) Definition {
	d.Type = t
	return d
}

// Definitions is a set of definitions keyed by name. Treat it as immutable: the With methods
// return changed copies, so a stage's input is never altered by its output.
type Definitions map[TypeName]Definition

// With returns a copy holding defs as well (replacing same-named ones).
func (ds Definitions) With(defs ...Definition) Definitions {
	c := maps.Clone(ds)
	if c == nil {
		c = make(Definitions, len(defs))
	}
	for _, d := range defs {
		c[d.Name] = d
	}
	return c
}

// Without returns a copy without the named definitions.
func (ds Definitions) Without(names ...TypeName) Definitions {
	c := maps.Clone(ds)
	for _, n := range names {
		delete(c, n)
	}
	return c
}

// Names returns the names in a deterministic order.
func (ds Definitions) Names() []TypeName {
	names := slices.Collect(maps.Keys(ds))
	slices.SortFunc(names, compareTypeNames)
	return names
}

// Sorted returns the definitions in name order.
func (ds Definitions) Sorted() []Definition {
	out := make([]Definition, 0, len(ds))
	for _, n := range ds.Names() {
		out = append(out, ds[n])
	}
	return out
}

// InPackage returns the definitions of one package.
func (ds Definitions) InPackage(pkg PackageReference) Definitions {
	out := make(Definitions)
	for n, d := range ds {
		if n.Package == pkg {
			out[n] = d
		}
	}
	return out
}

// ByPackage groups the definitions by package: one pass for what InPackage, called per package,
// would do in a pass each.
func (ds Definitions) ByPackage() map[PackageReference]Definitions {
	out := make(map[PackageReference]Definitions)
	for n, d := range ds {
		in, ok := out[n.Package]
		if !ok {
			in = make(Definitions)
			out[n.Package] = in
		}
		in[n] = d
	}
	return out
}

// Packages returns every package that holds a definition, sorted by path.
func (ds Definitions) Packages() []PackageReference {
	seen := make(map[PackageReference]bool)
	for n := range ds {
		seen[n.Package] = true
	}
	pkgs := slices.Collect(maps.Keys(seen))
	slices.SortFunc(pkgs, func(a, b PackageReference) int {
		if a.Path < b.Path {
			return -1
		} else if a.Path > b.Path {
			return 1
		}
		return 0
	})
	return pkgs
}

// Resources returns the definitions whose type is a resource, in name order.
func (ds Definitions) Resources() []Definition {
	// Resources are a few in a hundred definitions: sorting only them, not every name, is what
	// makes this cheap enough for the many stages that ask.
	var names []TypeName
	for n, d := range ds {
		if _, ok := d.Type.(*ResourceType); ok {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, compareTypeNames)
	var out []Definition
	for _, n := range names {
		out = append(out, ds[n])
	}
	return out
}

// ResolveObject follows a name to its object type, if it is one.
func (ds Definitions) ResolveObject(t Type) (*ObjectType, bool) {
	if n, ok := Unwrap(t).(TypeName); ok {
		if d, ok := ds[n]; ok {
			o, ok := d.Type.(*ObjectType)
			return o, ok
		}
	}
	if o, ok := Unwrap(t).(*ObjectType); ok {
		return o, true
	}
	return nil, false
}

func compareTypeNames(a, b TypeName) int {
	if a.Package.Path != b.Package.Path {
		if a.Package.Path < b.Package.Path {
			return -1
		}
		return 1
	}
	if a.Name < b.Name {
		return -1
	} else if a.Name > b.Name {
		return 1
	}
	return 0
}

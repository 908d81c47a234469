package astmodel

import "slices"

// Rewrite rebuilds t bottom-up, passing every node (children first) through fn. fn returns the
// replacement, or its argument unchanged. Type names are leaves: Rewrite does not follow them.
func Rewrite(t Type, fn func(Type) Type) Type {
	switch x := t.(type) {
	case OptionalType:
		t = OptionalType{Element: Rewrite(x.Element, fn)}
	case ArrayType:
		t = ArrayType{Element: Rewrite(x.Element, fn)}
	case MapType:
		t = MapType{Key: Rewrite(x.Key, fn), Value: Rewrite(x.Value, fn)}
	case ValidatedType:
		t = ValidatedType{Element: Rewrite(x.Element, fn), Validations: x.Validations}
	case *ObjectType:
		changed := false
		props := make([]*Property, len(x.properties))
		for i, p := range x.properties {
			nt := Rewrite(p.Type, fn)
			if nt != p.Type {
				props[i] = p.WithType(nt)
				changed = true
			} else {
				props[i] = p
			}
		}
		if changed {
			c := *x
			c.properties = props
			t = &c
		}
	}
	return fn(t)
}

// References returns the type names t refers to directly, in order of first appearance.
func References(t Type) []TypeName {
	var out []TypeName
	var visit func(Type)
	visit = func(t Type) {
		switch x := t.(type) {
		case TypeName:
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		case OptionalType:
			visit(x.Element)
		case ArrayType:
			visit(x.Element)
		case MapType:
			visit(x.Key)
			visit(x.Value)
		case ValidatedType:
			visit(x.Element)
		case *ObjectType:
			for _, p := range x.properties {
				visit(p.Type)
			}
		case *ResourceType:
			visit(x.Spec)
			visit(x.Status)
		}
	}
	visit(t)
	return out
}

// RenameReferences replaces every reference to a key of renames by its value.
func RenameReferences(t Type, renames map[TypeName]TypeName) Type {
	if len(renames) == 0 {
		return t
	}
	if r, ok := t.(*ResourceType); ok {
		c := r.With()
		if n, ok := renames[c.Spec]; ok {
			c.Spec = n
		}
		if n, ok := renames[c.Status]; ok {
			c.Status = n
		}
		return c
	}
	return Rewrite(t, func(t Type) Type {
		if n, ok := t.(TypeName); ok {
			if r, ok := renames[n]; ok {
				return r
			}
		}
		return t
	})
}

// Reachable returns every definition reachable from roots, following type names through ds.
func Reachable(ds Definitions, roots []TypeName) map[TypeName]bool {
	seen := make(map[TypeName]bool)
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if d, ok := ds[n]; ok {
			stack = append(stack, References(d.Type)...)
		}
	}
	return seen
}

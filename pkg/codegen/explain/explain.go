// Package explain says where a generated resource came from and why it has its shape: its
// swagger file, PUT path and schemas, owner, the config settings that applied to it, its spec and
// status properties with types and validations, and, for one property, the reasons for its name
// and type. It reads the final type graph of a run and azure-arm.yaml; it changes nothing.
package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// Query names a resource, and optionally a property path below it.
type Query struct {
	Group   string // short name (network)
	Version string // Kubernetes (v1api20201101) or ARM (2020-11-01) form; "" when not given
	Kind    string
	// Path is the property path, starting with spec or status; empty for the whole resource.
	Path []string
}

// ParseQuery reads <group>/<version>/<Kind>[.spec.x.y], or <Kind>[.spec.x.y] when the kind is
// generated in one group and version only.
func ParseQuery(s string) (Query, error) {
	var q Query
	rest := s
	if strings.Contains(s, "/") {
		parts := strings.Split(s, "/")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
			return q, fmt.Errorf("%q: expected <group>/<version>/<Kind>, optionally followed by a property path such as .spec.subnets", s)
		}
		q.Group = strings.TrimSuffix(parts[0], astmodel.GroupSuffix)
		q.Version = parts[1]
		rest = parts[2]
	}
	segs := strings.Split(rest, ".")
	q.Kind, q.Path = segs[0], segs[1:]
	if q.Kind == "" || slices.Contains(q.Path, "") {
		return q, fmt.Errorf("%q: empty name in the property path", s)
	}
	if len(q.Path) > 0 && q.Path[0] != "spec" && q.Path[0] != "status" {
		return q, fmt.Errorf("%q: a property path starts with spec or status, not %q", s, q.Path[0])
	}
	return q, nil
}

// Explanation is what Explain found; Write renders it.
type Explanation struct {
	defs     astmodel.Definitions
	cfg      *config.Config
	Name     astmodel.TypeName
	Resource *astmodel.ResourceType
	// Type is the config entry that exported the resource (nil when none matches, as in --all runs).
	Type *config.TypeConfig
	// Property is the explained property, when the query has a path; Holder is the object type
	// that declares it and Path the path as given.
	Property *astmodel.Property
	Holder   astmodel.TypeName
	Path     []string
}

// Explain finds the queried resource (and property) in defs, the final type graph of a run.
func Explain(defs astmodel.Definitions, cfg *config.Config, q Query) (*Explanation, error) {
	name, r, err := findResource(defs, q)
	if err != nil {
		return nil, err
	}
	e := &Explanation{defs: defs, cfg: cfg, Name: name, Resource: r, Path: q.Path}
	if v := cfg.Group(name.Package.Group).Version(r.APIVersion); v != nil {
		for _, tc := range v.Types {
			if tc.Exported() && tc.KindName() == name.Name {
				e.Type = tc
			}
		}
	}
	if len(q.Path) == 0 {
		return e, nil
	}
	var holder astmodel.Type = r.Spec
	if q.Path[0] == "status" {
		holder = r.Status
	}
	for i, seg := range q.Path[1:] {
		obj, ok := defs.ResolveObject(holder)
		if !ok {
			return nil, fmt.Errorf("%s.%s is a %s, which has no properties", name.Name, strings.Join(q.Path[:i+1], "."), TypeString(holder))
		}
		p, ok := obj.PropertyByJSON(seg)
		if !ok {
			var names []string
			for _, p := range obj.Properties() {
				names = append(names, p.JSONName)
			}
			msg := fmt.Sprintf("%s has no property %s (it has %s)", TypeString(holder), seg, strings.Join(names, ", "))
			if s := config.Nearest(seg, names); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return nil, fmt.Errorf("%s", msg)
		}
		e.Property = p
		e.Holder, _ = holder.(astmodel.TypeName)
		holder = elementName(p.Type)
	}
	return e, nil
}

// elementName is the named type a property leads into: through lists and maps to their items.
func elementName(t astmodel.Type) astmodel.Type {
	switch x := astmodel.Unwrap(t).(type) {
	case astmodel.ArrayType:
		return elementName(x.Element)
	case astmodel.MapType:
		return elementName(x.Value)
	default:
		return x
	}
}

func findResource(defs astmodel.Definitions, q Query) (astmodel.TypeName, *astmodel.ResourceType, error) {
	var all []astmodel.TypeName
	for _, d := range defs.Resources() {
		all = append(all, d.Name)
	}
	match := func(keep func(astmodel.TypeName) bool) []astmodel.TypeName {
		var out []astmodel.TypeName
		for _, n := range all {
			if keep(n) {
				out = append(out, n)
			}
		}
		return out
	}
	names := func(ns []astmodel.TypeName, key func(astmodel.TypeName) string) []string {
		var out []string
		for _, n := range ns {
			if k := key(n); !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
		slices.Sort(out)
		return out
	}
	fail := func(what, name string, candidates []string) error {
		msg := fmt.Sprintf("no %s %q is generated", what, name)
		if s := config.Nearest(name, candidates); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else if len(candidates) > 0 && len(candidates) <= 12 {
			msg += " (there are " + strings.Join(candidates, ", ") + ")"
		}
		return fmt.Errorf("%s", msg)
	}
	if len(all) == 0 {
		return astmodel.TypeName{}, nil, fmt.Errorf("the configuration generates no resources")
	}
	if q.Group == "" {
		found := match(func(n astmodel.TypeName) bool { return n.Name == q.Kind && !n.Package.Storage })
		switch len(found) {
		case 0:
			return astmodel.TypeName{}, nil, fail("kind named", q.Kind, names(all, func(n astmodel.TypeName) string { return n.Name }))
		case 1:
			return found[0], defs[found[0]].Type.(*astmodel.ResourceType), nil
		}
		var opts []string
		for _, n := range found {
			opts = append(opts, n.Package.Group+"/"+n.Package.Version+"/"+n.Name)
		}
		return astmodel.TypeName{}, nil, fmt.Errorf("%s is generated in several groups or versions; name one: %s", q.Kind, strings.Join(opts, ", "))
	}
	inGroup := match(func(n astmodel.TypeName) bool { return n.Package.Group == q.Group })
	if len(inGroup) == 0 {
		return astmodel.TypeName{}, nil, fail("group named", q.Group, names(all, func(n astmodel.TypeName) string { return n.Package.Group }))
	}
	inVersion := match(func(n astmodel.TypeName) bool {
		return n.Package.Group == q.Group && (n.Package.Version == q.Version || n.Package.Version == astmodel.VersionName(q.Version))
	})
	if len(inVersion) == 0 {
		return astmodel.TypeName{}, nil, fail("version of "+q.Group+" named", q.Version, names(inGroup, func(n astmodel.TypeName) string { return n.Package.Version }))
	}
	for _, n := range inVersion {
		if n.Name == q.Kind {
			return n, defs[n].Type.(*astmodel.ResourceType), nil
		}
	}
	return astmodel.TypeName{}, nil, fail("kind in "+q.Group+"/"+inVersion[0].Package.Version+" named", q.Kind, names(inVersion, func(n astmodel.TypeName) string { return n.Name }))
}

package configapply

import (
	"fmt"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// configTargets finds the raw types a config entry speaks of: the named type, or for an exported
// resource its PUT body and GET response and the envelopes flattened into them.
func configTargets(cfg *config.Config, v *selection.APIVersion, tc *config.TypeConfig, exps selection.Exports, defs astmodel.Definitions) ([]astmodel.TypeName, error) {
	if tc.Exported() {
		var out []astmodel.TypeName
		for _, e := range exps {
			if e.Config != tc {
				continue
			}
			out = withEnvelopes(out, defs, flattenSettings(tc), e.Body, e.Response)
		}
		return out, nil
	}
	n := v.Pkg.TypeName(tc.Name)
	if _, ok := defs[n]; ok {
		return withEnvelopes(nil, defs, flattenSettings(tc), n), nil
	}
	// A resource left unexported ($export: false) is fine as long as nothing else is set on it.
	if slices.ContainsFunc(v.Catalog.Resources, func(r *loader.Resource) bool { return r.Kind == tc.Name }) {
		if tc.RenameTo == "" && len(tc.Properties) == 0 {
			return nil, nil
		}
		return nil, config.NewError(cfg, tc.Path, tc.Pos,
			fmt.Sprintf("%s is a resource that is not exported, so its settings have no effect; set $export: true or remove them", tc.Name), "")
	}
	var names []string
	for dn := range defs {
		if dn.Package == v.Pkg {
			names = append(names, dn.Name)
		}
	}
	for _, r := range v.Catalog.Resources {
		names = append(names, r.Kind)
	}
	slices.Sort(names)
	return nil, config.NewError(cfg, tc.Path, tc.Pos,
		fmt.Sprintf("%s %s has no type %s used by an exported resource (set $export: true to export a resource)", v.Group, v.Config.APIVersion, tc.Name),
		config.Nearest(tc.Name, names))
}

// flattenSettings are the $flatten settings of an entry, by the property's swagger name: they
// decide which envelopes its other settings reach before they are applied.
func flattenSettings(tc *config.TypeConfig) map[string]bool {
	out := make(map[string]bool)
	for _, pc := range tc.Properties {
		if pc.Flatten != nil {
			out[pc.Name] = *pc.Flatten
		}
	}
	return out
}

// withEnvelopes adds roots to out, each followed by the objects flattened into it: settings name
// properties as users see them. flatten overrides the swagger's mark, by property name.
func withEnvelopes(out []astmodel.TypeName, defs astmodel.Definitions, flatten map[string]bool, roots ...astmodel.TypeName) []astmodel.TypeName {
	for _, root := range roots {
		if slices.Contains(out, root) {
			continue
		}
		out = append(out, root)
		if obj, ok := defs[root].Type.(*astmodel.ObjectType); ok {
			for _, p := range obj.Properties() {
				lifted, set := flatten[p.ARMName]
				if !set {
					lifted = astmodel.IsFlattenCandidate(p)
				}
				if n, ok := astmodel.Unwrap(p.Type).(astmodel.TypeName); ok && lifted && !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

package configapply

import (
	"fmt"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// checkRenamedFrom refuses a $renamedFrom that names no property of the same type in the other
// generated api-versions of the group: conversions would pair nothing with it, and a value
// written in one version would read back empty in the other, with no error anywhere else.
// The error names the setting and the nearest property the other versions have.
func checkRenamedFrom(cfg *config.Config, versions selection.Versions, exps selection.Exports, defs astmodel.Definitions) error {
	for _, v := range versions {
		for _, tc := range v.Config.Types {
			for _, pc := range tc.Properties {
				if pc.RenamedFrom == "" {
					continue
				}
				at := pc.Path + ".$renamedFrom"
				names, others := otherVersionNames(v, tc, versions, exps, defs)
				if len(others) == 0 {
					// Nothing to check against, and no conversion the setting could misdirect:
					// it waits for the version it names to be generated.
					continue
				}
				if !slices.Contains(names, pc.RenamedFrom) {
					return config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s has no property %s in %s",
						tc.Name, pc.RenamedFrom, joinVersions(others)), config.Nearest(pc.RenamedFrom, names))
				}
			}
		}
	}
	return nil
}

// otherVersionNames lists the JSON and wire names of the properties tc's type has in the other
// generated api-versions of its group (its PUT body and GET response and their flattened
// envelopes for a resource), and those versions.
func otherVersionNames(v *selection.APIVersion, tc *config.TypeConfig, versions selection.Versions, exps selection.Exports, defs astmodel.Definitions) ([]string, []string) {
	var names, others []string
	for _, ov := range versions {
		if ov == v || ov.Group != v.Group {
			continue
		}
		var roots []astmodel.TypeName
		if tc.Exported() {
			for _, e := range exps {
				if e.Pkg == ov.Pkg && e.Kind == tc.KindName() {
					roots = append(roots, e.Body, e.Response)
				}
			}
		} else if _, ok := defs[ov.Pkg.TypeName(tc.Name)]; ok {
			roots = append(roots, ov.Pkg.TypeName(tc.Name))
		}
		if len(roots) == 0 {
			continue
		}
		others = append(others, ov.Config.APIVersion)
		for _, n := range withEnvelopes(nil, defs, nil, roots...) {
			if obj, ok := defs[n].Type.(*astmodel.ObjectType); ok {
				for _, p := range obj.Properties() {
					names = append(names, p.JSONName, p.ARMName)
				}
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names), others
}

func joinVersions(vs []string) string {
	if len(vs) == 1 {
		return vs[0]
	}
	return fmt.Sprintf("any of %v", vs)
}

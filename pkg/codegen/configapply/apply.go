// Package configapply applies the type and property settings of azure-arm.yaml to the raw
// types: $renameTo on types and properties, $isSecret, $referenceType, $renamedFrom, $flatten,
// $importConfigMapMode, $additionalEnumValues and $enumAsString on properties. Settings name types and properties as the swagger does.
package configapply

import (
	"fmt"
	"maps"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Result is the raw type graph with the settings applied.
type Result struct {
	Definitions astmodel.Definitions
	// Exports are the exports with their body and response types renamed where configured.
	Exports selection.Exports
	// Read are the config paths of the settings applied, for consumed.Settings.
	Read []string
}

// Apply applies the settings of every configured version. Settings on an exported resource apply
// to its PUT body and GET response and the envelopes flattened into them. A name that matches
// nothing is an error with the nearest real name.
func Apply(cfg *config.Config, versions selection.Versions, exps selection.Exports, raw astmodel.Definitions) (Result, error) {
	if err := checkRenamedFrom(cfg, versions, exps, raw); err != nil {
		return Result{}, err
	}
	defs := maps.Clone(raw)
	renames := make(map[astmodel.TypeName]astmodel.TypeName)
	var read []string
	for _, v := range versions {
		for _, tc := range v.Config.Types {
			read = append(read, consumed.Paths(tc.Path, "$renameTo")...)
			for _, pc := range tc.Properties {
				read = append(read, consumed.Paths(pc.Path, "$isSecret", "$importSecretMode", "$removeFromSpec", "$referenceType", "$renameTo", "$renamedFrom", "$flatten", "$importConfigMapMode", "$additionalEnumValues", "$enumAsString")...)
			}
			targets, err := configTargets(cfg, v, tc, exps, defs)
			if err != nil {
				return Result{}, err
			}
			if err := applyPropertySettings(cfg, tc, targets, defs); err != nil {
				return Result{}, err
			}
			if tc.RenameTo != "" {
				if tc.Exported() {
					return Result{}, config.NewError(cfg, tc.Path+".$renameTo", tc.Pos, "a resource is renamed with $exportAs, not $renameTo", "$exportAs")
				}
				to := v.Pkg.TypeName(tc.RenameTo)
				if _, clash := defs[to]; clash {
					return Result{}, config.NewError(cfg, tc.Path+".$renameTo", tc.Pos, fmt.Sprintf("%s already names another type", tc.RenameTo), "")
				}
				renames[v.Pkg.TypeName(tc.Name)] = to
			}
		}
	}
	if len(renames) == 0 {
		return Result{Definitions: defs, Exports: exps, Read: read}, nil
	}
	renamed := make(astmodel.Definitions, len(defs))
	for n, d := range defs {
		if to, ok := renames[n]; ok {
			d.Origin = astmodel.Origin{Derivation: astmodel.Renamed, From: n}
			d.Name, n = to, to
		}
		renamed[n] = d.WithType(astmodel.RenameReferences(d.Type, renames))
	}
	out := make(selection.Exports, 0, len(exps))
	for _, e := range exps {
		c := *e
		c.Body, c.Response = renameOne(c.Body, renames), renameOne(c.Response, renames)
		c.Bodies = make(map[astmodel.TypeName]bool, len(e.Bodies))
		for b := range e.Bodies {
			c.Bodies[renameOne(b, renames)] = true
		}
		c.BodyTypes = make(map[astmodel.TypeName][]string, len(e.BodyTypes))
		for b, armType := range e.BodyTypes {
			c.BodyTypes[renameOne(b, renames)] = armType
		}
		out = append(out, &c)
	}
	return Result{Definitions: renamed, Exports: out, Read: read}, nil
}

func renameOne(n astmodel.TypeName, renames map[astmodel.TypeName]astmodel.TypeName) astmodel.TypeName {
	if to, ok := renames[n]; ok {
		return to
	}
	return n
}

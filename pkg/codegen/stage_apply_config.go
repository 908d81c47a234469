package codegen

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// applyConfig applies the type and property settings of azure-arm.yaml to the raw types:
// $renameTo on types and properties, $isSecret and $referenceType on properties. Settings on an
// exported resource apply to its PUT body and GET response. A name that matches nothing is an
// error with the nearest real name.
func applyConfig() pipeline.Stage {
	return pipeline.MakeStage("apply-config", "Apply renames, secrets and reference settings from azure-arm.yaml", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		cfg, _ := pipeline.Get(s, configKey)
		versions, _ := pipeline.Get(s, versionsKey)
		exps, _ := pipeline.Get(s, exportsKey)
		defs := maps.Clone(s.Definitions())
		renames := make(map[astmodel.TypeName]astmodel.TypeName)
		var read []string
		for _, v := range versions {
			for _, tc := range v.Config.Types {
				read = append(read, settingPaths(tc.Path, "$renameTo")...)
				for _, pc := range tc.Properties {
					read = append(read, settingPaths(pc.Path, "$isSecret", "$referenceType", "$renameTo", "$renamedFrom")...)
				}
				targets, err := configTargets(cfg, v, tc, exps, defs)
				if err != nil {
					return s, err
				}
				if err := applyPropertySettings(cfg, tc, targets, defs); err != nil {
					return s, err
				}
				if tc.RenameTo != "" {
					if tc.Exported() {
						return s, config.NewError(cfg, tc.Path+".$renameTo", tc.Pos, "a resource is renamed with $exportAs, not $renameTo", "$exportAs")
					}
					to := v.Pkg.TypeName(tc.RenameTo)
					if _, clash := defs[to]; clash {
						return s, config.NewError(cfg, tc.Path+".$renameTo", tc.Pos, fmt.Sprintf("%s already names another type", tc.RenameTo), "")
					}
					renames[v.Pkg.TypeName(tc.Name)] = to
				}
			}
		}
		if len(renames) > 0 {
			renamed := make(astmodel.Definitions, len(defs))
			for n, d := range defs {
				if to, ok := renames[n]; ok {
					d.Name, n = to, to
				}
				renamed[n] = d.WithType(astmodel.RenameReferences(d.Type, renames))
			}
			defs = renamed
			var out exports
			for _, e := range exps {
				c := *e
				c.Body, c.Response = renameOne(c.Body, renames), renameOne(c.Response, renames)
				c.Bodies = make(map[astmodel.TypeName]bool, len(e.Bodies))
				for b := range e.Bodies {
					c.Bodies[renameOne(b, renames)] = true
				}
				out = append(out, &c)
			}
			s = pipeline.With(s, exportsKey, out)
		}
		s = consume(s, read...)
		return s.WithDefinitions(defs), nil
	}, "build-types")
}

func renameOne(n astmodel.TypeName, renames map[astmodel.TypeName]astmodel.TypeName) astmodel.TypeName {
	if to, ok := renames[n]; ok {
		return to
	}
	return n
}

// configTargets finds the raw types a config entry speaks of: the named type, or for an exported
// resource its PUT body and GET response and the envelopes flattened into them.
func configTargets(cfg *config.Config, v *apiVersion, tc *config.TypeConfig, exps exports, defs astmodel.Definitions) ([]astmodel.TypeName, error) {
	if tc.Exported() {
		var out []astmodel.TypeName
		for _, e := range exps {
			if e.Config != tc {
				continue
			}
			out = withEnvelopes(out, defs, true, e.Body, e.Response)
		}
		return out, nil
	}
	n := v.Pkg.TypeName(tc.Name)
	if _, ok := defs[n]; ok {
		return withEnvelopes(nil, defs, false, n), nil
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

// withEnvelopes adds roots to out, each followed by the objects flattened into it (for a
// resource, its "properties" envelope too): settings name properties as users see them.
func withEnvelopes(out []astmodel.TypeName, defs astmodel.Definitions, resource bool, roots ...astmodel.TypeName) []astmodel.TypeName {
	for _, root := range roots {
		if slices.Contains(out, root) {
			continue
		}
		out = append(out, root)
		if obj, ok := defs[root].Type.(*astmodel.ObjectType); ok {
			for _, p := range obj.Properties() {
				if n, ok := astmodel.Unwrap(p.Type).(astmodel.TypeName); ok && (p.Flatten || resource && p.ARMName == "properties") && !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// applyPropertySettings applies each property setting to every target object that has the
// property (named as in the swagger); a property no target has is an error.
func applyPropertySettings(cfg *config.Config, tc *config.TypeConfig, targets []astmodel.TypeName, defs astmodel.Definitions) error {
	for _, pc := range tc.Properties {
		var names []string
		found := false
		for _, n := range targets {
			obj, ok := defs[n].Type.(*astmodel.ObjectType)
			if !ok {
				continue
			}
			for _, p := range obj.Properties() {
				names = append(names, p.ARMName)
			}
			changed, ok, err := applyPropertySetting(cfg, tc, pc, obj)
			if err != nil {
				return err
			}
			if ok {
				found = true
				defs[n] = defs[n].WithType(changed)
			}
		}
		if !found {
			return config.NewError(cfg, pc.Path, pc.Pos, fmt.Sprintf("%s has no property %s", tc.Name, pc.Name), config.Nearest(pc.Name, names))
		}
	}
	return nil
}

func applyPropertySetting(cfg *config.Config, tc *config.TypeConfig, pc *config.PropertyConfig, obj *astmodel.ObjectType) (*astmodel.ObjectType, bool, error) {
	idx := slices.IndexFunc(obj.Properties(), func(p *astmodel.Property) bool { return p.ARMName == pc.Name })
	if idx < 0 {
		return obj, false, nil
	}
	found := obj.Properties()[idx]
	p := found.Copy()
	if pc.IsSecret {
		p.Secret = true
	}
	switch pc.ReferenceType {
	case "arm":
		p.ARMReference = true
	case "simple":
		p.ARMReference, p.NotARMReference = false, true
	}
	if pc.RenamedFrom != "" {
		p.RenamedFrom = pc.RenamedFrom
	}
	if pc.RenameTo != "" {
		name := astmodel.ExportedName(pc.RenameTo)
		if other, clash := obj.Property(name); clash && other != found {
			return nil, false, config.NewError(cfg, pc.Path+".$renameTo", pc.Pos, fmt.Sprintf("%s already has a property %s", tc.Name, name), "")
		}
		p.Name, p.JSONName = name, astmodel.JSONName(name)
		obj = obj.WithoutProperty(found.Name)
	}
	return obj.WithProperties(p), true, nil
}

package codegen

import (
	"context"
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// indexSpecs finds the api-version folders of every configured group and version; a group or
// version the spec root lacks is a config error with the nearest real name.
func indexSpecs() pipeline.Stage {
	return pipeline.MakeStage("index-specs", "Find the swagger folders of the configured API versions", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		cfg, _ := pipeline.Get(s, configKey)
		root, _ := pipeline.Get(s, specRootKey)
		ix, err := loader.BuildIndex(root)
		if err != nil {
			return s, err
		}
		var versions []*apiVersion
		groups := cfg.Groups
		if all, _ := pipeline.Get(s, allKey); all {
			versions, groups = allVersions(cfg, ix), nil
		}
		for _, g := range groups {
			if len(ix.APIVersions(g.Name)) == 0 {
				return s, config.NewError(cfg, g.Path, g.Pos, fmt.Sprintf("no provider in the spec root %s has the group %q", root, g.Name), config.Nearest(g.Name, ix.Groups()))
			}
			for _, v := range g.Versions {
				dirs := ix.Find(g.Name, v.APIVersion)
				if len(dirs) == 0 {
					return s, config.NewError(cfg, v.Path, v.Pos, fmt.Sprintf("group %q has no api-version %s in the spec root", g.Name, v.APIVersion), config.Nearest(v.APIVersion, ix.APIVersions(g.Name)))
				}
				versions = append(versions, &apiVersion{
					Config: v, Group: g.Name, Dirs: dirs,
					Pkg: astmodel.MakeAPIPackage(cfg.OutputPackage, g.Name, astmodel.VersionName(v.APIVersion)),
				})
			}
		}
		s = pipeline.With(s, indexKey, ix)
		return pipeline.With(s, versionsKey, versions), nil
	})
}

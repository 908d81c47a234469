package selection

import (
	"context"

	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Configured returns the API versions azure-arm.yaml names, with their swagger folders; a group
// or version the spec root lacks is a config error with the nearest real name.
func Configured(cfg *config.Config, ix *loader.Index, root string) (Versions, error) {
	var out Versions
	for _, g := range cfg.Groups {
		if len(ix.APIVersions(g.Name)) == 0 {
			return nil, config.NewError(cfg, g.Path, g.Pos, fmt.Sprintf("no provider in the spec root %s has the group %q", root, g.Name), config.Nearest(g.Name, ix.Groups()))
		}
		for _, v := range g.Versions {
			dirs := ix.Find(g.Name, v.APIVersion)
			if len(dirs) == 0 {
				return nil, config.NewError(cfg, v.Path, v.Pos, fmt.Sprintf("group %q has no api-version %s in the spec root", g.Name, v.APIVersion), config.Nearest(v.APIVersion, ix.APIVersions(g.Name)))
			}
			out = append(out, &APIVersion{
				Config: v, Group: g.Name, Dirs: dirs,
				Pkg: astmodel.MakeAPIPackage(cfg.OutputPackage, g.Name, astmodel.VersionName(v.APIVersion)),
			})
		}
	}
	return out, nil
}

// Load reads the swagger files of the versions, in parallel, and attaches each version's
// documents. Files they refer to (common types, sibling files) are read later, on first use.
func Load(ctx context.Context, corpus *loader.Corpus, versions Versions) (Versions, error) {
	var files []string
	for _, v := range versions {
		for _, d := range v.Dirs {
			files = append(files, d.Files...)
		}
	}
	if _, err := corpus.LoadAll(ctx, files); err != nil {
		return nil, err
	}
	out := make(Versions, len(versions))
	for i, v := range versions {
		c := *v
		c.Docs = nil
		for _, d := range v.Dirs {
			for _, f := range d.Files {
				doc, err := corpus.Load(f)
				if err != nil {
					return nil, err
				}
				c.Docs = append(c.Docs, doc)
			}
		}
		out[i] = &c
	}
	return out, nil
}

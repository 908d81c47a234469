package codegen

import (
	"context"
	"fmt"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// discoverResources finds the resources of each configured version from its PUT paths and
// matches the configured exports against them.
func discoverResources() pipeline.Stage {
	return pipeline.MakeStage("discover-resources", "Find resources from PUT paths and match the configured exports", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		cfg, _ := pipeline.Get(s, configKey)
		corpus, _ := pipeline.Get(s, corpusKey)
		versions, _ := pipeline.Get(s, versionsKey)
		out, err := discoverAll(ctx, corpus, versions)
		if err != nil {
			return s, err
		}
		if all, _ := pipeline.Get(s, allKey); all {
			var cov *Coverage
			out, cov = selectNewest(out)
			s = pipeline.With(s, coverageKey, cov)
		}
		var exps exports
		var read []string
		for _, v := range out {
			cat := v.Catalog
			kinds := make([]string, 0, len(cat.Resources))
			for _, r := range cat.Resources {
				kinds = append(kinds, r.Kind)
			}
			for _, tc := range v.Config.Types {
				read = append(read, settingPaths(tc.Path, "$export", "$exportAs")...)
				if !tc.Exported() {
					continue
				}
				idx := slices.IndexFunc(cat.Resources, func(r *loader.Resource) bool { return r.Kind == tc.Name })
				if idx < 0 {
					return s, config.NewError(cfg, tc.Path, tc.Pos,
						fmt.Sprintf("%s %s has no resource %s (resources are named by their ARM type, e.g. virtualNetworks/subnets -> VirtualNetworksSubnet)", v.Group, v.Config.APIVersion, tc.Name),
						config.Nearest(tc.Name, kinds))
				}
				if k := tc.KindName(); len(k) > loader.MaxKindLength {
					return s, config.NewError(cfg, tc.Path, tc.Pos,
						fmt.Sprintf("kind %s has %d characters; Kubernetes allows %d (63 for its list kind and plural): set $exportAs", k, len(k), loader.MaxKindLength),
						loader.ShortKindName(cat.Resources[idx].Segments))
				}
				exps = append(exps, &export{Resource: cat.Resources[idx], Config: tc, Version: v.Config, Pkg: v.Pkg, Kind: tc.KindName()})
			}
		}
		s = consume(s, read...)
		s = pipeline.With(s, exportsKey, exps)
		return pipeline.With(s, versionsKey, out), nil
	}, "load-specs")
}

// discoverAll runs discovery over each version's documents, in parallel.
func discoverAll(ctx context.Context, corpus *loader.Corpus, versions []*apiVersion) ([]*apiVersion, error) {
	out := make([]*apiVersion, len(versions))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, v := range versions {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			stable := true
			for _, d := range v.Dirs {
				stable = stable && d.Stable
			}
			cat, err := loader.Discover(corpus, v.Group, v.Config.APIVersion, stable, v.Docs)
			if err != nil {
				return err
			}
			c := *v
			c.Catalog = cat
			out[i] = &c
			return nil
		})
	}
	return out, g.Wait()
}

package selection

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// Discover finds the resources of each version from its PUT paths, in parallel.
func Discover(ctx context.Context, corpus *loader.Corpus, versions Versions) (Versions, error) {
	out := make(Versions, len(versions))
	g, ctx := workers.WithContext(ctx)
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

// Match pairs the exported entries of each version's config with the resources discovered for
// it. It returns the exports and the config paths of the settings it read. An entry naming no
// resource is a config error with the nearest kind; a kind too long for Kubernetes is an error
// suggesting a short name for $exportAs.
func Match(cfg *config.Config, versions Versions) (Exports, []string, error) {
	var exps Exports
	var read []string
	for _, v := range versions {
		cat := v.Catalog
		kinds := make([]string, 0, len(cat.Resources))
		for _, r := range cat.Resources {
			kinds = append(kinds, r.Kind)
		}
		for _, tc := range v.Config.Types {
			read = append(read, consumed.Paths(tc.Path, "$export", "$exportAs", "$scope")...)
			if !tc.Exported() {
				if tc.Scope != "" {
					return nil, nil, config.NewError(cfg, tc.Path+".$scope", tc.Pos,
						fmt.Sprintf("$scope chooses which declaration of a resource is exported, and %s is not exported; set $export: true or remove it", tc.Name), "")
				}
				continue
			}
			idx := slices.IndexFunc(cat.Resources, func(r *loader.Resource) bool { return r.Kind == tc.Name })
			if idx < 0 {
				return nil, nil, config.NewError(cfg, tc.Path, tc.Pos,
					fmt.Sprintf("%s %s has no resource %s (resources are named by their ARM type, e.g. virtualNetworks/subnets -> VirtualNetworksSubnet)", v.Group, v.Config.APIVersion, tc.Name),
					config.Nearest(tc.Name, kinds))
			}
			if k := tc.KindName(); len(k) > loader.MaxKindLength {
				return nil, nil, config.NewError(cfg, tc.Path, tc.Pos,
					fmt.Sprintf("kind %s has %d characters; Kubernetes allows %d (63 for its list kind and plural): set $exportAs", k, len(k), loader.MaxKindLength),
					loader.ShortKindName(cat.Resources[idx].Segments))
			}
			res, err := atConfiguredScope(cfg, v, tc, cat.Resources[idx])
			if err != nil {
				return nil, nil, err
			}
			exps = append(exps, &Export{Resource: res, Config: tc, Version: v.Config, Pkg: v.Pkg, Kind: tc.KindName()})
		}
	}
	return exps, read, nil
}

// atConfiguredScope is the declaration of r that tc's $scope names, r without one; a scope the
// version does not declare r's ARM type at is an error listing those it does.
func atConfiguredScope(cfg *config.Config, v *APIVersion, tc *config.TypeConfig, r *loader.Resource) (*loader.Resource, error) {
	if tc.Scope == "" {
		return r, nil
	}
	if d := r.AtScope(astmodel.Scope(tc.Scope)); d != nil {
		return d, nil
	}
	var scopes []string
	for _, s := range r.Scopes() {
		scopes = append(scopes, string(s))
	}
	return nil, config.NewError(cfg, tc.Path+".$scope", tc.Pos,
		fmt.Sprintf("%s %s declares %s (%s) at the scopes %s only, not %s", v.Group, v.Config.APIVersion, tc.Name, r.ARMType, strings.Join(scopes, ", "), tc.Scope),
		config.Nearest(tc.Scope, scopes))
}

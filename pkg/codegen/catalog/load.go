package catalog

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// unit is one group/api-version: the folders the generator reads together.
type unit struct {
	group, apiVersion string
	dirs              []loader.VersionDir
}

// Load indexes the spec root and discovers the resources of every api-version the filter
// selects, in parallel. cfg, when not nil, marks what azure-arm.yaml exports. An api-version
// whose swagger fails to load or discover becomes a Problem; only an unusable spec root, a filter
// that selects nothing, or cancellation fail the whole load.
func Load(ctx context.Context, root string, f Filter, cfg *config.Config) (*Catalog, error) {
	start := time.Now()
	ix, err := loader.BuildIndex(root)
	if err != nil {
		return nil, err
	}
	units, err := selectUnits(ix, f)
	if err != nil {
		return nil, err
	}
	cat := &Catalog{Root: root, Versions: len(units)}
	type found struct {
		resources []*loader.Resource
		problem   *Problem
	}
	results := make([]found, len(units))
	corpus := loader.NewCorpus(root)
	// Read and decode every file first, flat, so that the few api-versions with dozens of files
	// do not leave the other workers idle at the end; a file that fails is reported by discover.
	load, lctx := workers.WithContext(ctx)
	load.SetLimit(runtime.GOMAXPROCS(0) + 1)
	for _, u := range units {
		for _, d := range u.dirs {
			for _, f := range d.Files {
				load.Go(func() error {
					if err := lctx.Err(); err != nil {
						return err
					}
					_, _ = corpus.Load(f)
					return nil
				})
			}
		}
	}
	if err := load.Wait(); err != nil {
		return nil, err
	}
	g, gctx := workers.WithContext(ctx)
	// Loading is half reading and half decoding; a few more workers than CPUs keep both busy.
	g.SetLimit(2 * runtime.GOMAXPROCS(0))
	for i, u := range units {
		var files []string
		for _, d := range u.dirs {
			files = append(files, d.Files...)
		}
		cat.Files += len(files)
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			rs, err := discover(corpus, u, files)
			if err != nil {
				results[i].problem = &Problem{Group: u.group, Provider: u.dirs[0].Namespace, APIVersion: u.apiVersion, Error: err.Error()}
				return nil
			}
			results[i].resources = rs
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	byType := make(map[string]*Resource)
	for _, r := range results {
		if r.problem != nil {
			cat.Problems = append(cat.Problems, *r.problem)
		}
		for _, lr := range r.resources {
			key := lr.Group + "\x00" + strings.ToLower(lr.ARMType)
			res, ok := byType[key]
			if !ok {
				res = &Resource{Group: lr.Group, APIGroup: lr.Group + astmodel.GroupSuffix}
				byType[key] = res
				cat.Resources = append(cat.Resources, res)
			}
			res.Versions = append(res.Versions, version(lr, cfg))
		}
	}
	for _, r := range cat.Resources {
		slices.SortFunc(r.Versions, func(a, b Version) int { return strings.Compare(a.APIVersion, b.APIVersion) })
		// The newest version names the resource: older swagger sometimes spells segments differently.
		n := r.Newest()
		r.Kind, r.Scope, r.Provider, r.ARMType = n.Kind, n.Scope, n.provider, n.armType
	}
	slices.SortFunc(cat.Resources, func(a, b *Resource) int {
		return strings.Compare(a.Group+"\x00"+a.Kind+"\x00"+a.ARMType, b.Group+"\x00"+b.Kind+"\x00"+b.ARMType)
	})
	cat.Elapsed = time.Since(start)
	return cat, nil
}

// discover finds the resources of one group/api-version, turning panics in the loader (hostile
// swagger) into errors so that one bad file cannot take down a whole listing.
func discover(corpus *loader.Corpus, u unit, files []string) (rs []*loader.Resource, err error) {
	defer func() {
		if r := recover(); r != nil {
			rs, err = nil, fmt.Errorf("discovery failed: %v", r)
		}
	}()
	docs := make([]*loader.Document, 0, len(files))
	for _, f := range files {
		d, err := corpus.Load(f)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	stable := true
	for _, d := range u.dirs {
		stable = stable && d.Stable
	}
	c, err := loader.Discover(corpus, u.group, u.apiVersion, stable, docs)
	if err != nil {
		return nil, err
	}
	return c.Resources, nil
}

func version(r *loader.Resource, cfg *config.Config) Version {
	v := Version{
		APIVersion: r.APIVersion, KubeVersion: astmodel.VersionName(r.APIVersion), Stable: r.Stable,
		Kind: r.Kind, Scope: string(r.Scope), File: r.File, Path: r.Path,
		provider: r.Namespace, armType: r.ARMType,
	}
	if tc := cfg.Group(r.Group).Version(r.APIVersion).Type(r.Kind); tc.Exported() {
		v.Exported = true
		if tc.KindName() != r.Kind {
			v.ExportedAs = tc.KindName()
		}
	}
	return v
}

package codegen

import (
	"context"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// buildTypes translates the PUT bodies and GET responses of the exported resources, and every
// schema they reach, into raw definitions (one package per API version, built in parallel).
// In --all runs a resource whose schemas cannot be translated is skipped, with the error as
// the reason, instead of failing the run.
func buildTypes() pipeline.Stage {
	return pipeline.MakeStage("build-types", "Translate the swagger schemas of exported resources into the type graph", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		corpus, _ := pipeline.Get(s, corpusKey)
		versions, _ := pipeline.Get(s, versionsKey)
		exps, _ := pipeline.Get(s, exportsKey)
		tolerant, _ := pipeline.Get(s, allKey)
		results := make([]packageBuild, len(versions))
		g, ctx := errgroup.WithContext(ctx)
		g.SetLimit(runtime.GOMAXPROCS(0))
		for i, v := range versions {
			var mine exports
			for _, e := range exps {
				if e.Pkg == v.Pkg {
					mine = append(mine, e)
				}
			}
			g.Go(func() error {
				var err error
				results[i], err = buildPackage(ctx, corpus, v, mine, tolerant)
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return s, err
		}
		var all exports
		var made []astmodel.Definition
		var failures []failure
		for _, r := range results {
			made = append(made, r.defs.Sorted()...)
			all = append(all, r.built...)
			failures = append(failures, r.failed...)
		}
		if cov, ok := pipeline.Get(s, coverageKey); ok && len(failures) > 0 {
			cov = cov.clone()
			for _, f := range failures {
				cov.skip(f.export.Resource, f.err.Error())
			}
			s = pipeline.With(s, coverageKey, cov)
		}
		s = pipeline.With(s, exportsKey, all)
		return s.WithDefinitions(s.Definitions().With(made...)), nil
	}, "discover-resources")
}

type failure struct {
	export *export
	err    error
}

type packageBuild struct {
	defs   astmodel.Definitions
	built  exports
	failed []failure
}

// buildPackage builds one API version. When a resource fails in a tolerant run, the package is
// built again without it, so no half-translated type of the failed resource is left behind.
func buildPackage(ctx context.Context, corpus *loader.Corpus, v *apiVersion, exps exports, tolerant bool) (packageBuild, error) {
	var failed []failure
	for {
		if err := ctx.Err(); err != nil {
			return packageBuild{}, err
		}
		b := loader.NewTypeBuilder(corpus, v.Pkg, v.Docs)
		var built exports
		var bad *failure
		for _, e := range exps {
			if slices.ContainsFunc(failed, func(f failure) bool { return f.export == e }) {
				continue
			}
			body, err := b.RootType(e.Resource.Body, e.Resource.Kind+"Body")
			if err == nil {
				var resp astmodel.TypeName
				if resp, err = b.RootType(e.Resource.Response, e.Resource.Kind+"Response"); err != nil && e.Resource.Response != e.Resource.Body {
					// Some GETs are declared as returning a list; the PUT body says what one is.
					resp, err = body, nil
				}
				if err == nil {
					c := *e
					c.Body, c.Response = body, resp
					built = append(built, &c)
					continue
				}
			}
			if !tolerant {
				return packageBuild{}, err
			}
			bad = &failure{export: e, err: err}
			break
		}
		if bad != nil {
			failed = append(failed, *bad)
			continue
		}
		// Every resource body of the version, exported or not, is an embedded resource
		// wherever it appears inside another resource.
		bodies := make(map[astmodel.TypeName]bool)
		for _, r := range v.Catalog.Resources {
			if n, ok := b.NameAt(corpus.Identity(r.Body)); ok {
				bodies[n] = true
			}
		}
		for _, e := range built {
			e.Bodies = bodies
		}
		return packageBuild{defs: b.Definitions(), built: built, failed: failed}, nil
	}
}

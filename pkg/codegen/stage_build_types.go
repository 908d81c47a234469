package codegen

import (
	"context"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// buildTypes translates the PUT bodies and GET responses of the exported resources, and every
// schema they reach, into raw definitions (one package per API version, built in parallel).
func buildTypes() pipeline.Stage {
	return pipeline.MakeStage("build-types", "Translate the swagger schemas of exported resources into the type graph", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		corpus, _ := pipeline.Get(s, corpusKey)
		versions, _ := pipeline.Get(s, versionsKey)
		exps, _ := pipeline.Get(s, exportsKey)
		results := make([]astmodel.Definitions, len(versions))
		built := make([]exports, len(versions))
		g, ctx := errgroup.WithContext(ctx)
		g.SetLimit(runtime.GOMAXPROCS(0))
		for i, v := range versions {
			g.Go(func() error {
				if err := ctx.Err(); err != nil {
					return err
				}
				b := loader.NewTypeBuilder(corpus, v.Pkg, v.Docs)
				for _, e := range exps {
					if e.Pkg != v.Pkg {
						continue
					}
					body, err := b.RootType(e.Resource.Body, e.Resource.Kind+"Body")
					if err != nil {
						return err
					}
					resp, err := b.RootType(e.Resource.Response, e.Resource.Kind+"Response")
					if err != nil {
						return err
					}
					c := *e
					c.Body, c.Response = body, resp
					built[i] = append(built[i], &c)
				}
				// Every resource body of the version, exported or not, is an embedded resource
				// wherever it appears inside another resource.
				bodies := make(map[astmodel.TypeName]bool)
				for _, r := range v.Catalog.Resources {
					if n, ok := b.NameAt(corpus.Identity(r.Body)); ok {
						bodies[n] = true
					}
				}
				for _, e := range built[i] {
					e.Bodies = bodies
				}
				results[i] = b.Definitions()
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return s, err
		}
		var all exports
		var made []astmodel.Definition
		for i := range versions {
			for _, d := range results[i] {
				made = append(made, d)
			}
			all = append(all, built[i]...)
		}
		defs := s.Definitions().With(made...)
		s = pipeline.With(s, exportsKey, all)
		return s.WithDefinitions(defs), nil
	}, "discover-resources")
}

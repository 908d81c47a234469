// Package rawtypes translates the swagger schemas of the exported resources (PUT bodies, GET
// responses and everything they reach) into raw type definitions, one package per API version.
// Raw types are the swagger's shape; split-spec-status derives spec and status types from them.
package rawtypes

import (
	"context"
	"runtime"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// Failure is a resource whose schemas could not be translated.
type Failure struct {
	Export *selection.Export
	Err    error
}

// Result is the raw type graph of a run.
type Result struct {
	Definitions []astmodel.Definition
	// Exports are the exports that were built, with Body, Response and Bodies filled in.
	Exports selection.Exports
	// Failed are the resources left out; only a tolerant build leaves any out.
	Failed []Failure
}

// Build translates every version in parallel. A tolerant build (--all) skips a resource whose
// schemas fail instead of failing the run.
func Build(ctx context.Context, corpus *loader.Corpus, versions selection.Versions, exps selection.Exports, tolerant bool) (Result, error) {
	results := make([]packageBuild, len(versions))
	g, ctx := workers.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, v := range versions {
		var mine selection.Exports
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
		return Result{}, err
	}
	var out Result
	for _, r := range results {
		out.Definitions = append(out.Definitions, r.defs.Sorted()...)
		out.Exports = append(out.Exports, r.built...)
		out.Failed = append(out.Failed, r.failed...)
	}
	return out, nil
}

type packageBuild struct {
	defs   astmodel.Definitions
	built  selection.Exports
	failed []Failure
}

// buildPackage builds one API version. When a resource fails in a tolerant run, the package is
// built again without it, so no half-translated type of the failed resource is left behind.
func buildPackage(ctx context.Context, corpus *loader.Corpus, v *selection.APIVersion, exps selection.Exports, tolerant bool) (packageBuild, error) {
	var failed []Failure
	for {
		if err := ctx.Err(); err != nil {
			return packageBuild{}, err
		}
		b := loader.NewTypeBuilder(corpus, v.Pkg, v.Docs)
		var built selection.Exports
		var bad *Failure
		for _, e := range exps {
			if slices.ContainsFunc(failed, func(f Failure) bool { return f.Export == e }) {
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
			bad = &Failure{Export: e, Err: err}
			break
		}
		if bad != nil {
			failed = append(failed, *bad)
			continue
		}
		// Every resource body of the version, exported or not, is an embedded resource
		// wherever it appears inside another resource.
		bodies := make(map[astmodel.TypeName]bool)
		armTypes := make(map[astmodel.TypeName][]string)
		for _, r := range v.Catalog.Resources {
			if n, ok := b.NameAt(corpus.Identity(r.Body)); ok {
				bodies[n] = true
				if !slices.Contains(armTypes[n], r.ARMType) {
					armTypes[n] = append(armTypes[n], r.ARMType)
				}
			}
		}
		for _, e := range built {
			e.Bodies, e.BodyTypes = bodies, armTypes
		}
		return packageBuild{defs: b.Definitions(), built: built, failed: failed}, nil
	}
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/rawtypes"
)

// buildTypes translates the swagger schemas the exported resources reach into raw definitions.
// In --all runs a resource whose schemas cannot be translated is skipped, with the error as the
// reason in the coverage report, instead of failing the run.
func buildTypes() pipeline.Stage {
	return pipeline.Stage{
		ID: BuildTypes, Description: "Translate the swagger schemas of exported resources into the type graph",
		Requires: []string{DiscoverResources},
		Reads:    pipeline.Keys(corpusKey, versionsKey, exportsKey, allKey, coverageKey),
		Writes:   pipeline.Keys(exportsKey, coverageKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			corpus := pipeline.Read(s, corpusKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			tolerant := pipeline.Read(s, allKey, &err)
			cov := pipeline.Read(s, coverageKey, &err)
			if err != nil {
				return s, err
			}
			res, err := rawtypes.Build(ctx, corpus, versions, exps, tolerant)
			if err != nil {
				return s, err
			}
			if cov != nil && len(res.Failed) > 0 {
				cov = cov.Clone()
				for _, f := range res.Failed {
					cov.Skip(f.Export.Resource, f.Err.Error())
				}
			}
			s = pipeline.With(s, coverageKey, cov)
			s = pipeline.With(s, exportsKey, res.Exports)
			return s.WithDefinitions(s.Definitions().With(res.Definitions...)), nil
		},
	}
}

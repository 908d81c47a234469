package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/coverage"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// discoverResources finds the resources of each version from its PUT paths and matches the
// configured exports against them; with --all it exports the newest version of every resource
// type and starts the coverage report.
func discoverResources() pipeline.Stage {
	return pipeline.Stage{
		ID: DiscoverResources, Description: "Find resources from PUT paths and match the configured exports",
		Requires: []string{LoadSpecs},
		Reads:    pipeline.Keys(configKey, corpusKey, versionsKey, allKey, consumedKey),
		Writes:   pipeline.Keys(versionsKey, exportsKey, coverageKey, consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			corpus := pipeline.Read(s, corpusKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			all := pipeline.Read(s, allKey, &err)
			if err != nil {
				return s, err
			}
			found, err := selection.Discover(ctx, corpus, versions)
			if err != nil {
				return s, err
			}
			var cov *coverage.Report
			if all {
				found, cov = selection.Newest(found)
			}
			exps, read, err := selection.Match(cfg, found)
			if err != nil {
				return s, err
			}
			if s, err = consume(s, read...); err != nil {
				return s, err
			}
			s = pipeline.With(s, coverageKey, cov)
			s = pipeline.With(s, exportsKey, exps)
			return pipeline.With(s, versionsKey, found), nil
		},
	}
}

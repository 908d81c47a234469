package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// indexSpecs finds the api-version folders of every configured group and version (of every one,
// with --all).
func indexSpecs() pipeline.Stage {
	return pipeline.Stage{
		ID: IndexSpecs, Description: "Find the swagger folders of the configured API versions",
		Reads:  pipeline.Keys(configKey, specRootKey, allKey),
		Writes: pipeline.Keys(indexKey, versionsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			cfg, err := pipeline.Get(s, configKey)
			if err != nil {
				return s, err
			}
			root, err := pipeline.Get(s, specRootKey)
			if err != nil {
				return s, err
			}
			all, err := pipeline.Get(s, allKey)
			if err != nil {
				return s, err
			}
			ix, err := loader.BuildIndex(root)
			if err != nil {
				return s, err
			}
			var versions selection.Versions
			if all {
				versions = selection.All(cfg, ix)
			} else if versions, err = selection.Configured(cfg, ix, root); err != nil {
				return s, err
			}
			s = pipeline.With(s, indexKey, ix)
			return pipeline.With(s, versionsKey, versions), nil
		},
	}
}

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
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			root := pipeline.Read(s, specRootKey, &err)
			all := pipeline.Read(s, allKey, &err)
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

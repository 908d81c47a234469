package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/configapply"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// applyConfig applies $renameTo, $isSecret, $referenceType and $renamedFrom to the raw types.
func applyConfig() pipeline.Stage {
	return pipeline.Stage{
		ID: ApplyConfig, Description: "Apply renames, secrets and reference settings from azure-arm.yaml",
		Requires: []string{BuildTypes},
		Reads:    pipeline.Keys(configKey, versionsKey, exportsKey, consumedKey),
		Writes:   pipeline.Keys(exportsKey, consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			if err != nil {
				return s, err
			}
			res, err := configapply.Apply(cfg, versions, exps, s.Definitions())
			if err != nil {
				return s, err
			}
			if s, err = consume(s, res.Read...); err != nil {
				return s, err
			}
			s = pipeline.With(s, exportsKey, res.Exports)
			return s.WithDefinitions(res.Definitions), nil
		},
	}
}

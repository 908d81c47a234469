package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/resourceprops"
)

// addResourceProperties adds azureName, owner, operatorSpec and conditions to every resource, and
// reads $defaultAzureName.
func addResourceProperties() pipeline.Stage {
	return pipeline.Stage{
		ID: AddResourceProperties, Description: "Add azureName, owner, operatorSpec and conditions",
		Requires: []string{SplitSpecStatus},
		Reads:    pipeline.Keys(configKey, exportsKey, consumedKey),
		Writes:   pipeline.Keys(consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			if err != nil {
				return s, err
			}
			res, err := resourceprops.Add(cfg, s.Definitions(), exps)
			if err != nil {
				return s, err
			}
			if s, err = consume(s, res.Read...); err != nil {
				return s, err
			}
			return s.WithDefinitions(res.Definitions), nil
		},
	}
}

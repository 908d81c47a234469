package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/resourceprops"
)

// addResourceProperties adds azureName, owner, operatorSpec and conditions to every resource.
func addResourceProperties() pipeline.Stage {
	return pipeline.Stage{
		ID: AddResourceProperties, Description: "Add azureName, owner, operatorSpec and conditions",
		Requires: []string{SplitSpecStatus},
		Reads:    pipeline.Keys(exportsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			exps, err := pipeline.Get(s, exportsKey)
			if err != nil {
				return s, err
			}
			return s.WithDefinitions(resourceprops.Add(s.Definitions(), exps)), nil
		},
	}
}

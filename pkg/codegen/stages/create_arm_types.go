package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/armtypes"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// createARMTypes derives the ARM wire types of every API version and plans the conversions.
func createARMTypes() pipeline.Stage {
	return pipeline.Stage{
		ID: CreateARMTypes, Description: "Derive the ARM wire types and how API types convert to them",
		Requires: []string{CreateStorageTypes},
		Writes:   pipeline.Keys(armPlanKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			defs, plan, err := armtypes.Derive(s.Definitions())
			if err != nil {
				return s, err
			}
			s = pipeline.With(s, armPlanKey, plan)
			return s.WithDefinitions(defs), nil
		},
	}
}

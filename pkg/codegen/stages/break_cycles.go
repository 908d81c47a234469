package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/cycles"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// breakCycles replaces recursion, which CRD schemas cannot express, by _Unrolled copies.
func breakCycles() pipeline.Stage {
	return pipeline.Stage{
		ID: BreakCycles, Description: "Unroll recursive types, which CRD schemas cannot express",
		Requires: []string{AddResourceProperties},
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			defs, err := cycles.Break(ctx, s.Definitions())
			if err != nil {
				return s, err
			}
			return s.WithDefinitions(defs), nil
		},
	}
}

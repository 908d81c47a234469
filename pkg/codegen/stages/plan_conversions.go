package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/conversions"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// planConversions plans the AssignProperties methods along the conversion graph.
func planConversions() pipeline.Stage {
	return pipeline.Stage{
		ID: PlanConversions, Description: "Plan property assignments between versions",
		Requires: []string{CreateConversionGraph},
		Reads:    pipeline.Keys(conversionGraphKey),
		Writes:   pipeline.Keys(conversionsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			graph, err := pipeline.Get(s, conversionGraphKey)
			if err != nil {
				return s, err
			}
			conv, err := conversions.Plan(s.Definitions(), graph)
			if err != nil {
				return s, err
			}
			return pipeline.With(s, conversionsKey, conv), nil
		},
	}
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/specstatus"
)

// splitSpecStatus replaces the raw types by the spec and status types of each exported resource.
func splitSpecStatus() pipeline.Stage {
	return pipeline.Stage{
		ID: SplitSpecStatus, Description: "Derive spec and status types from the raw types",
		Requires: []string{ApplyConfig},
		Reads:    pipeline.Keys(exportsKey, consumedKey),
		Writes:   pipeline.Keys(consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			exps, err := pipeline.Get(s, exportsKey)
			if err != nil {
				return s, err
			}
			if s, err = consume(s, specstatus.KeptInParentUsed(s.Definitions(), exps)...); err != nil {
				return s, err
			}
			return s.WithDefinitions(specstatus.Split(s.Definitions(), exps)), nil
		},
	}
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/consumed"
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
			var read []string
			for _, e := range exps {
				if e.Config != nil {
					read = append(read, consumed.Paths(e.Config.Path, "$keptInParent")...)
				}
			}
			if s, err = consume(s, read...); err != nil {
				return s, err
			}
			return s.WithDefinitions(specstatus.Split(s.Definitions(), exps)), nil
		},
	}
}

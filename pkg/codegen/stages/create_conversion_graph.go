package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/conversions"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// createConversionGraph picks each kind's hub and marks it the only storage version.
func createConversionGraph() pipeline.Stage {
	return pipeline.Stage{
		ID: CreateConversionGraph, Description: "Choose each kind's hub and how every version reaches it",
		Requires: []string{CreateStorageTypes},
		Reads:    pipeline.Keys(configKey, exportsKey, consumedKey),
		Writes:   pipeline.Keys(conversionGraphKey, consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			if err != nil {
				return s, err
			}
			graph, defs, read, err := conversions.Graph(cfg, s.Definitions(), exps)
			if err != nil {
				return s, err
			}
			if s, err = consume(s, read...); err != nil {
				return s, err
			}
			s = pipeline.With(s, conversionGraphKey, graph)
			return s.WithDefinitions(defs), nil
		},
	}
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/emit/golang"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitGo renders the Go packages, with deepcopy, conversions and tests, and the registration list.
func emitGo() pipeline.Stage {
	return pipeline.Stage{
		ID: EmitGo, Description: "Render Go packages, deepcopy and the registration list",
		Beside:   true,
		Requires: []string{CheckNames, PlanConversions, CreateARMTypes},
		Reads:    pipeline.Keys(configKey, conversionsKey, armPlanKey, printerKey),
		Writes:   pipeline.Keys(goFilesKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			conv := pipeline.Read(s, conversionsKey, &err)
			plan := pipeline.Read(s, armPlanKey, &err)
			printer := pipeline.Read(s, printerKey, &err)
			if err != nil {
				return s, err
			}
			rendered, err := golang.Packages(ctx, s.Definitions(), golang.Options{Conversions: conv, Tests: true, ARM: plan, Printer: printer}, cfg.OutputPackage)
			if err != nil {
				return s, err
			}
			files := make(output.Files, len(rendered))
			for _, f := range rendered {
				files[f.Path] = f.Content
			}
			return pipeline.With(s, goFilesKey, files), nil
		},
	}
}

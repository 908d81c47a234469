package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// checkConfigConsumed fails on every $-setting of azure-arm.yaml that no stage read: a setting
// that has no effect is a mistake the user should hear about.
func checkConfigConsumed() pipeline.Stage {
	return pipeline.Stage{
		ID: CheckConfigConsumed, Description: "Fail on azure-arm.yaml settings that no stage used",
		Requires: []string{ApplyConfig},
		Reads:    pipeline.Keys(configKey, allKey, consumedKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			all := pipeline.Read(s, allKey, &err)
			cfg := pipeline.Read(s, configKey, &err)
			used := pipeline.Read(s, consumedKey, &err)
			if err != nil || all {
				return s, err // --all generates from made-up entries, not from the file's
			}
			return s, consumed.Unconsumed(cfg, used)
		},
	}
}

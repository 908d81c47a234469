package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/exportedvalues"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// addExportedValues adds spec.operatorSpec.secrets and configMaps, and where each value is read.
func addExportedValues() pipeline.Stage {
	return pipeline.Stage{
		ID: AddExportedValues, Description: "Add the secrets and config-map values each resource exports, and find where Azure returns them",
		Requires: []string{AddResourceProperties},
		Reads:    pipeline.Keys(configKey, versionsKey, corpusKey, exportsKey, consumedKey),
		// It writes the exports only to drop the swagger they point into when no later stage
		// reads the corpus (gen --audit's audit-properties does): the stages after it need the
		// exports' names and settings, and the documents would stay alive through them.
		Writes: pipeline.Keys(consumedKey, exportsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			cfg := pipeline.Read(s, configKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			corpus := pipeline.Read(s, corpusKey, &err)
			exps := pipeline.Read(s, exportsKey, &err)
			if err != nil {
				return s, err
			}
			res, err := exportedvalues.Add(cfg, corpus, versions, exps, s.Definitions())
			if err != nil {
				return s, err
			}
			if s, err = consume(s, res.Read...); err != nil {
				return s, err
			}
			if !pipeline.ReadLater(s, corpusKey) {
				exps = exps.WithoutSwagger()
			}
			s = pipeline.With(s, exportsKey, exps)
			return s.WithDefinitions(res.Definitions), nil
		},
	}
}

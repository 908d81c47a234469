package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// loadSpecs reads the swagger files of the versions, in parallel.
func loadSpecs() pipeline.Stage {
	return pipeline.Stage{
		ID: LoadSpecs, Description: "Read the swagger files of the configured API versions",
		Requires: []string{IndexSpecs},
		Reads:    pipeline.Keys(specRootKey, versionsKey),
		Writes:   pipeline.Keys(corpusKey, versionsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			var err error
			root := pipeline.Read(s, specRootKey, &err)
			versions := pipeline.Read(s, versionsKey, &err)
			if err != nil {
				return s, err
			}
			corpus := loader.NewCorpus(root)
			loaded, err := selection.Load(ctx, corpus, versions)
			if err != nil {
				return s, err
			}
			s = pipeline.With(s, corpusKey, corpus)
			return pipeline.With(s, versionsKey, loaded), nil
		},
	}
}

package stages

import (
	"context"
	"fmt"

	"github.com/armgen/armgen/pkg/codegen/emit/crd"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitCRDs renders one CRD YAML file per group and kind, with kustomizations.
func emitCRDs() pipeline.Stage {
	return pipeline.Stage{
		ID: EmitCRDs, Description: "Render CRD YAML from the type graph",
		Beside:   true,
		Requires: []string{CheckNames},
		Reads:    pipeline.Keys(fullDescriptionsKey),
		Writes:   pipeline.Keys(crdFilesKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			full, err := pipeline.Get(s, fullDescriptionsKey)
			if err != nil {
				return s, err
			}
			crds, err := crd.RenderWith(s.Definitions(), crd.Options{FullDescriptions: full})
			if err != nil {
				return s, fmt.Errorf("CRD: %w", err)
			}
			files := make(output.Files, len(crds))
			for _, f := range crds {
				files[f.Path] = f.Content
			}
			return pipeline.With(s, crdFilesKey, files), nil
		},
	}
}

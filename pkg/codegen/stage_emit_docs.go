package codegen

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/emit/docs"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitDocs renders the reference pages of the generated resources (docs/resources.md and one page
// per group), in memory; Generate writes them into the docs folder beside the output.
func emitDocs() pipeline.Stage {
	return pipeline.MakeStage("emit-docs", "Render the resource reference pages (resources.md, one page per group)", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		return pipeline.With(s, docsKey, Files(docs.Render(s.Definitions()))), nil
	}, "check-names")
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/emit/docs"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitDocs renders the reference pages of the generated resources (resources.md and one page per
// group), in memory; the caller writes them into the docs folder.
func emitDocs() pipeline.Stage {
	return pipeline.Stage{
		ID: EmitDocs, Description: "Render the resource reference pages (resources.md, one page per group)",
		Requires: []string{CheckNames},
		Writes:   pipeline.Keys(docsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return pipeline.With(s, docsKey, output.Files(docs.Render(s.Definitions()))), nil
		},
	}
}

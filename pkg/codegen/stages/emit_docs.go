package stages

import (
	"context"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/asocatalog"
	"github.com/armgen/armgen/pkg/codegen/emit/docs"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitDocs renders the reference pages of the generated resources (resources.md and one page per
// group), in memory; the caller writes them into the docs folder.
func emitDocs() pipeline.Stage {
	return pipeline.Stage{
		ID: EmitDocs, Description: "Render the resource reference pages (resources.md, one page per group)",
		Beside:   true,
		Requires: []string{CheckNames},
		Writes:   pipeline.Keys(docsKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			aso, err := asoKinds()
			if err != nil {
				return s, err
			}
			return pipeline.With(s, docsKey, output.Files(docs.Render(s.Definitions(), aso))), nil
		},
	}
}

// asoKinds indexes ASO's catalogue (pkg/codegen/asocatalog) by ARM type for the docs' ASO column.
func asoKinds() (docs.ASOKinds, error) {
	c, err := asocatalog.Load()
	if err != nil {
		return nil, err
	}
	out := docs.ASOKinds{}
	for _, e := range c.Entries() {
		out[strings.ToLower(e.ARMType)] = docs.ASOKind{Group: e.Group, Kind: e.Kind}
	}
	return out, nil
}

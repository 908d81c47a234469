package codegen

import (
	"context"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// pruneUnused drops every definition no resource reaches (raw leftovers, flattened envelopes).
func pruneUnused() pipeline.Stage {
	return pipeline.MakeStage("prune-unused", "Drop types no resource uses", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		defs := s.Definitions()
		var roots []astmodel.TypeName
		for _, d := range defs.Resources() {
			roots = append(roots, d.Name)
		}
		keep := astmodel.Reachable(defs, roots)
		out := make(astmodel.Definitions, len(keep))
		for n, d := range defs {
			if keep[n] {
				out[n] = d
			}
		}
		return s.WithDefinitions(out), nil
	}, "break-cycles")
}

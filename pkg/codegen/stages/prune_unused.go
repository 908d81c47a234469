package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/prune"
)

// pruneUnused drops every definition no resource reaches.
func pruneUnused() pipeline.Stage {
	return pipeline.Stage{
		ID: PruneUnused, Description: "Drop types no resource uses",
		Requires: []string{BreakCycles},
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return s.WithDefinitions(prune.Unreachable(s.Definitions())), nil
		},
	}
}

package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/namecheck"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// checkNames catches ambiguous names before anything is rendered.
func checkNames() pipeline.Stage {
	return pipeline.Stage{
		ID: CheckNames, Description: "Check that type and property names are unambiguous",
		Requires: []string{PruneUnused, CreateStorageTypes, CreateARMTypes},
		// One core for a third of a second on the whole corpus: it runs beside
		// create-conversion-graph and plan-conversions, its error still ahead of theirs.
		Check: true,
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return s, namecheck.Check(s.Definitions())
		},
	}
}

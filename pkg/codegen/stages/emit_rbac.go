package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/emit/rbac"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitRBAC renders the operator's ClusterRole over the generated kinds, in memory; the Helm chart
// (and config/, rendered from it) binds it.
func emitRBAC() pipeline.Stage {
	return pipeline.Stage{
		ID: EmitRBAC, Description: "Render the operator's ClusterRole over the generated kinds",
		Beside:   true,
		Requires: []string{CheckNames},
		Writes:   pipeline.Keys(rbacFilesKey),
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return pipeline.With(s, rbacFilesKey, output.Files(rbac.Render(s.Definitions()))), nil
		},
	}
}

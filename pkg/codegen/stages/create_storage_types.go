package stages

import (
	"context"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/storage"
)

// createStorageTypes derives the storage twin of every API version.
func createStorageTypes() pipeline.Stage {
	return pipeline.Stage{
		ID: CreateStorageTypes, Description: "Derive the storage twin of every API version",
		Requires: []string{PruneUnused},
		Run: func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return s.WithDefinitions(storage.Twins(s.Definitions())), nil
		},
	}
}

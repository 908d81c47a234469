package codegen

import (
	"context"
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// checkNames catches what would make uncompilable Go or an ambiguous CRD: a type named like a
// resource's list, or two properties of one object with the same JSON name.
func checkNames() pipeline.Stage {
	return pipeline.MakeStage("check-names", "Check that type and property names are unambiguous", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		defs := s.Definitions()
		for _, d := range defs.Resources() {
			list := d.Name.WithName(d.Name.Name + "List")
			if other, ok := defs[list]; ok {
				return s, fmt.Errorf("type %s (from %s) clashes with the list type of resource %s; rename it with $renameTo in azure-arm.yaml", list, other.Source, d.Name)
			}
		}
		for _, d := range defs.Sorted() {
			obj, ok := d.Type.(*astmodel.ObjectType)
			if !ok {
				continue
			}
			seen := make(map[string]string)
			for _, p := range obj.Properties() {
				if prev, dup := seen[p.JSONName]; dup {
					return s, fmt.Errorf("%s has two properties with the JSON name %q (%s and %s; from %s and %s); rename one with $renameTo in azure-arm.yaml",
						d.Name, p.JSONName, prev, p.Name, obj.PropertySource(prev), p.Source)
				}
				seen[p.JSONName] = p.Name
			}
		}
		return s, nil
	}, "prune-unused")
}

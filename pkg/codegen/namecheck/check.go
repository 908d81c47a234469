// Package namecheck catches names that would make uncompilable Go or an ambiguous CRD.
package namecheck

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Check fails on a type named like a resource's list type, or two properties of one object with
// the same JSON name.
func Check(defs astmodel.Definitions) error {
	for _, d := range defs.Resources() {
		list := d.Name.WithName(astmodel.ListName(d.Name.Name))
		if other, ok := defs[list]; ok {
			return fmt.Errorf("type %s (from %s) clashes with the list type of resource %s; rename it with $renameTo in azure-arm.yaml", list, other.Source, d.Name)
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
				return fmt.Errorf("%s has two properties with the JSON name %q (%s and %s; from %s and %s); rename one with $renameTo in azure-arm.yaml",
					d.Name, p.JSONName, prev, p.Name, obj.PropertySource(prev), p.Source)
			}
			seen[p.JSONName] = p.Name
		}
	}
	return nil
}

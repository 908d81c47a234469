package specstatus

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// reserve keeps the names an exported resource will take from the types derived from the
// swagger: a swagger definition named like a resource's spec must not take the spec's name.
// The kind's own name is kept from every version of its group, not only its own package:
// controller-gen (and any tool reading the Go types as kubebuilder does) takes a type named like
// a kind, in any package of the kind's group, for that kind's schema in that package's version,
// so an ordinary object named ActionGroup beside the ActivityLogAlert kind would make insights'
// 2020-10-01 a version of the ActionGroup CRD.
func (sp *splitter) reserve(e *selection.Export) {
	for _, n := range astmodel.ResourceNames(e.Kind) {
		sp.reserved[e.Pkg.TypeName(n)] = true
	}
	if sp.groupKinds[e.Pkg.Group] == nil {
		sp.groupKinds[e.Pkg.Group] = make(map[string]bool)
	}
	sp.groupKinds[e.Pkg.Group][e.Kind] = true
}

// claim returns a free name for a derived type, preferring name; a name a resource needs, a
// kind's name anywhere in its group, or one another type already has, gets a Type suffix
// (numbered if need be).
func (sp *splitter) claim(name astmodel.TypeName) astmodel.TypeName {
	free := func(n astmodel.TypeName) bool {
		_, used := sp.out[n]
		return !used && !sp.reserved[n] && !sp.groupKinds[n.Package.Group][n.Name]
	}
	if free(name) {
		return name
	}
	for i := 1; ; i++ {
		n := name.WithName(name.Name + astmodel.ClashSuffix)
		if i > 1 {
			n = name.WithName(fmt.Sprintf("%s%s%d", name.Name, astmodel.ClashSuffix, i))
		}
		if free(n) {
			return n
		}
	}
}

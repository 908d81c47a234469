package specstatus

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// reserve keeps the names an exported resource will take from the types derived from the
// swagger: a swagger definition named like a resource's spec must not take the spec's name.
func (sp *splitter) reserve(e *selection.Export) {
	for _, n := range astmodel.ResourceNames(e.Kind) {
		sp.reserved[e.Pkg.TypeName(n)] = true
	}
}

// claim returns a free name for a derived type, preferring name; a name a resource needs, or
// one another type already has, gets a Type suffix (numbered if need be).
func (sp *splitter) claim(name astmodel.TypeName) astmodel.TypeName {
	free := func(n astmodel.TypeName) bool {
		_, used := sp.out[n]
		return !used && !sp.reserved[n]
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

// Package prune drops the definitions no resource reaches: raw leftovers of the swagger and
// envelopes whose properties were flattened away.
package prune

import "github.com/armgen/armgen/pkg/astmodel"

// Unreachable returns defs without the definitions that no resource reaches.
func Unreachable(defs astmodel.Definitions) astmodel.Definitions {
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
	return out
}

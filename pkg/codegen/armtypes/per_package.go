package armtypes

import (
	"runtime"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// derivePerPackage plans each API package's resources apart, in parallel: a resource's objects
// nearly always live in its own package, so the packages share nothing and the merged result is
// what one builder walking every resource in order makes. When they do share (an object reached
// from two packages, whose side and plan would then depend on which walked it first) or any
// package fails, it reports false and Derive walks everything in order, so that the result and
// the first error are always those of the serial walk.
func derivePerPackage(defs astmodel.Definitions) (*builder, bool) {
	var pkgs []astmodel.PackageReference
	byPkg := make(map[astmodel.PackageReference][]astmodel.Definition)
	for _, d := range defs.Resources() {
		if !d.Name.Package.IsAPIVersion() {
			continue
		}
		if _, ok := byPkg[d.Name.Package]; !ok {
			pkgs = append(pkgs, d.Name.Package)
		}
		byPkg[d.Name.Package] = append(byPkg[d.Name.Package], d)
	}
	if len(pkgs) < 2 {
		return nil, false
	}
	builders := make([]*builder, len(pkgs))
	var g workers.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range pkgs {
		g.Go(func() error {
			builders[i] = newBuilder(defs)
			return builders[i].resources(byPkg[p])
		})
	}
	if g.Wait() != nil {
		return nil, false
	}
	all := newBuilder(defs)
	for _, b := range builders {
		if !all.plan.Merge(b.plan) {
			return nil, false
		}
		for n, w := range b.out {
			if _, ok := all.out[n]; ok {
				return nil, false
			}
			all.out[n] = w
		}
	}
	return all, true
}

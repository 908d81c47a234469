package specstatus

import (
	"maps"
	"runtime"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// splitPerPackage splits each package's exports apart, in parallel, one splitter per package
// sharing only the reserved names. A package's raw types nearly always reach only raw types of
// their own package, and then everything a splitter reads (what it built, the names it claimed)
// and writes is of that package, so each package comes out as the serial walk over every export
// makes it. When a package's exports build anything outside it, it reports false and Split walks
// every export in order, so that the result is always the serial walk's.
func splitPerPackage(shared *splitter, exps selection.Exports, kinds map[string]bool) (astmodel.Definitions, bool) {
	var pkgs []astmodel.PackageReference
	byPkg := make(map[astmodel.PackageReference]selection.Exports)
	for _, e := range exps {
		if _, ok := byPkg[e.Pkg]; !ok {
			pkgs = append(pkgs, e.Pkg)
		}
		byPkg[e.Pkg] = append(byPkg[e.Pkg], e)
	}
	if len(pkgs) < 2 {
		return nil, false
	}
	splitters := make([]*splitter, len(pkgs))
	var g workers.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range pkgs {
		g.Go(func() error {
			sp := newSplitter(shared.raw, shared)
			sp.exports(byPkg[p], kinds)
			splitters[i] = sp
			return nil
		})
	}
	_ = g.Wait()
	size := 0
	for i, sp := range splitters {
		for n := range sp.out {
			if n.Package != pkgs[i] {
				return nil, false
			}
		}
		size += len(sp.out)
	}
	out := make(astmodel.Definitions, size)
	for _, sp := range splitters {
		maps.Copy(out, sp.out)
	}
	return out, true
}

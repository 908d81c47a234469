package golang

import (
	"cmp"
	"context"
	"runtime"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/workers"
)

// Packages renders every API package of defs, in parallel (rendering is most of a whole-corpus
// run), and the registration list of the controllers package under outputPackage. The files
// come back in package order, whatever the parallelism.
func Packages(ctx context.Context, defs astmodel.Definitions, opts Options, outputPackage string) ([]File, error) {
	pkgs := defs.Packages()
	byPackage := defs.ByPackage()
	inPackage := func(pkg astmodel.PackageReference) astmodel.Definitions { return byPackage[pkg] }
	rendered := make([][]File, len(pkgs))
	g, ctx := workers.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, i := range largestFirst(pkgs, byPackage) {
		pkg := pkgs[i]
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			files, err := renderPackage(defs, inPackage, pkg, opts)
			rendered[i] = files
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []File
	for _, fs := range rendered {
		out = append(out, fs...)
	}
	reg, err := Registration(defs, outputPackage)
	if err != nil {
		return nil, err
	}
	return append(out, reg), nil
}

// largestFirst orders the packages, by index, for rendering: the packages with the most
// definitions first, so that the last ones to finish are small and no worker is left rendering
// a large package alone at the end. Each result has its own slot, so the order of the files is
// the same whatever this order.
func largestFirst(pkgs []astmodel.PackageReference, byPackage map[astmodel.PackageReference]astmodel.Definitions) []int {
	order := make([]int, len(pkgs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(len(byPackage[pkgs[b]]), len(byPackage[pkgs[a]]))
	})
	return order
}

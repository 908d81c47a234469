package golang

import (
	"context"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Packages renders every API package of defs, in parallel (rendering is most of a whole-corpus
// run), and the registration list of the controllers package under outputPackage. The files
// come back in package order, whatever the parallelism.
func Packages(ctx context.Context, defs astmodel.Definitions, opts Options, outputPackage string) ([]File, error) {
	pkgs := defs.Packages()
	rendered := make([][]File, len(pkgs))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, pkg := range pkgs {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			files, err := PackageWith(defs, pkg, opts)
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

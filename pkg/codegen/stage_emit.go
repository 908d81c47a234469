package codegen

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/codegen/emit/crd"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// emitGo renders the Go packages, in parallel, and the registration list.
func emitGo() pipeline.Stage {
	return pipeline.MakeStage("emit-go", "Render Go packages, deepcopy and the registration list", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		cfg, _ := pipeline.Get(s, configKey)
		defs := s.Definitions()
		conv, _ := pipeline.Get(s, conversionsKey)
		pkgs := defs.Packages()
		rendered := make([][]golang.File, len(pkgs))
		g, ctx := errgroup.WithContext(ctx)
		g.SetLimit(runtime.GOMAXPROCS(0))
		for i, pkg := range pkgs {
			g.Go(func() error {
				if err := ctx.Err(); err != nil {
					return err
				}
				files, err := golang.PackageWith(defs, pkg, golang.Options{Conversions: conv, Tests: true})
				rendered[i] = files
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return s, err
		}
		files := copyFiles(s)
		for _, fs := range rendered {
			for _, f := range fs {
				files[f.Path] = f.Content
			}
		}
		reg, err := golang.Registration(defs, cfg.OutputPackage)
		if err != nil {
			return s, err
		}
		files[reg.Path] = reg.Content
		return pipeline.With(s, filesKey, files), nil
	}, "check-names", "plan-conversions")
}

// emitCRDs renders one CRD YAML file per group and kind.
func emitCRDs() pipeline.Stage {
	return pipeline.MakeStage("emit-crds", "Render CRD YAML from the type graph", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		full, _ := pipeline.Get(s, fullDescriptionsKey)
		crds, err := crd.RenderWith(s.Definitions(), crd.Options{FullDescriptions: full})
		if err != nil {
			return s, fmt.Errorf("CRD: %w", err)
		}
		files := copyFiles(s)
		for _, f := range crds {
			files[f.Path] = f.Content
		}
		return pipeline.With(s, filesKey, files), nil
	}, "check-names")
}

func copyFiles(s pipeline.State) Files {
	old, _ := pipeline.Get(s, filesKey)
	files := make(Files, len(old))
	for k, v := range old {
		files[k] = v
	}
	return files
}

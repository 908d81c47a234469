package codegen

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// Options say what to generate from where.
type Options struct {
	// Config is the parsed azure-arm.yaml.
	Config *config.Config
	// SpecRoot overrides the config's spec root when set.
	SpecRoot string
	// OutputDir overrides the config's output path when set.
	OutputDir string
	// Observe is told about every stage as it finishes.
	Observe func(pipeline.Report)
	// DebugStage names a stage after which the state is dumped to DebugOut.
	DebugStage string
	DebugOut   func(id string, s pipeline.State) error
}

// Result summarises a run.
type Result struct {
	Resources int
	Types     int
	Files     Files
	OutputDir string
	Elapsed   time.Duration
}

// SpecRoot decides the spec root: the override, else the config's (relative to the config file).
func (o Options) specRoot() (string, error) {
	if o.SpecRoot != "" {
		return o.SpecRoot, nil
	}
	if o.Config.SpecRoot == "" {
		return "", fmt.Errorf("%s: no specRoot; set it, or pass --spec-root or ARMGEN_SPEC_ROOT (see specs/README.md)", o.Config.File)
	}
	return o.Config.ResolvePath(o.Config.SpecRoot), nil
}

// Output decides the output directory.
func (o Options) Output() string {
	if o.OutputDir != "" {
		return o.OutputDir
	}
	return o.Config.ResolvePath(o.Config.OutputPath)
}

// Run generates everything in memory; nothing is written.
func Run(ctx context.Context, o Options) (*Result, error) {
	start := time.Now()
	root, err := o.specRoot()
	if err != nil {
		return nil, err
	}
	s := pipeline.NewState()
	s = pipeline.With(s, configKey, o.Config)
	s = pipeline.With(s, specRootKey, root)
	r := pipeline.Runner{Stages: Stages(), Observe: o.Observe}
	if o.DebugStage != "" {
		if !r.Has(o.DebugStage) {
			return nil, fmt.Errorf("--debug-stage: no stage %q (stages: %s)", o.DebugStage, stageIDs(r.Stages))
		}
		r.AfterStage = func(id string, s pipeline.State) error {
			if id == o.DebugStage && o.DebugOut != nil {
				return o.DebugOut(id, s)
			}
			return nil
		}
	}
	s, err = r.Run(ctx, s)
	if err != nil {
		// Sources are recorded relative to the spec root (so output does not depend on where
		// the specs live); errors name the file as the user can open it.
		var se *loader.SpecError
		if errors.As(err, &se) && !filepath.IsAbs(se.File) {
			se.File = filepath.Join(root, se.File)
		}
		return nil, err
	}
	files, _ := pipeline.Get(s, filesKey)
	res := &Result{Files: files, OutputDir: o.Output()}
	for _, d := range s.Definitions() {
		if _, ok := d.Type.(*astmodel.ResourceType); ok {
			res.Resources++
		} else {
			res.Types++
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

func stageIDs(stages []pipeline.Stage) string {
	out := ""
	for i, s := range stages {
		if i > 0 {
			out += ", "
		}
		out += s.ID
	}
	return out
}

// Generate runs the pipeline and replaces the output directory with the result, only when the
// whole run succeeded: files are written into a fresh sibling directory that is then swapped in.
func Generate(ctx context.Context, o Options) (*Result, error) {
	start := time.Now()
	res, err := Run(ctx, o)
	if err != nil {
		return nil, err
	}
	if err := WriteTree(ctx, res.OutputDir, res.Files); err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// WriteTree makes dir hold exactly files. It writes a temporary sibling and swaps it in with
// renames, so an error or an interrupt leaves dir as it was.
func WriteTree(ctx context.Context, dir string, files Files) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	for _, p := range sortedKeys(files) {
		if err := ctx.Err(); err != nil {
			return err
		}
		full := filepath.Join(tmp, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, files[p], 0o644); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

package codegen

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	// DocsDir overrides the config's docsPath when set. When OutputDir is set and DocsDir is
	// not, no docs are written: a run into another folder leaves the repository's docs alone.
	DocsDir string
	// All generates every resource type of the spec root (its newest api-version) instead of the
	// configured ones, and reports coverage.
	All bool
	// FullDescriptions keeps full descriptions in CRDs larger than kubectl's client-side apply
	// limit (256 KiB), which are otherwise trimmed by the rule in emit/crd.
	FullDescriptions bool
	// Observe is told about every stage as it finishes.
	Observe func(pipeline.Report)
	// StopAfter, when set, ends the pipeline after this stage (nothing is rendered if it comes
	// before the emit stages); the corpus sweep uses it to check the type graph alone.
	StopAfter string
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
	// Coverage is the report of an --all run.
	Coverage *Coverage
	// Docs are the generated resource pages, relative to DocsDir ("" when none are written).
	Docs    Files
	DocsDir string
	// Definitions is the final type graph, for tools that explain it.
	Definitions astmodel.Definitions
	Elapsed     time.Duration
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

// Docs decides the docs folder; "" means no docs are written.
func (o Options) Docs() string {
	switch {
	case o.DocsDir != "":
		return o.DocsDir
	case o.OutputDir != "" || o.Config.DocsPath == "":
		return ""
	}
	return o.Config.ResolvePath(o.Config.DocsPath)
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
	s = pipeline.With(s, allKey, o.All)
	s = pipeline.With(s, fullDescriptionsKey, o.FullDescriptions)
	stages := Stages()
	if o.StopAfter != "" {
		i := slices.IndexFunc(stages, func(st pipeline.Stage) bool { return st.ID == o.StopAfter })
		if i < 0 {
			return nil, fmt.Errorf("no stage %q (stages: %s)", o.StopAfter, stageIDs(stages))
		}
		stages = stages[:i+1]
	}
	r := pipeline.Runner{Stages: stages, Observe: o.Observe}
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
		// A config error starts with file:line:column, as compilers do, so editors can jump
		// to it; the stage that found it adds nothing the user needs.
		var ce *config.Error
		if errors.As(err, &ce) {
			return nil, ce
		}
		return nil, err
	}
	files, _ := pipeline.Get(s, filesKey)
	res := &Result{Files: files, OutputDir: o.Output()}
	res.Docs, _ = pipeline.Get(s, docsKey)
	res.DocsDir, res.Definitions = o.Docs(), s.Definitions()
	if cov, ok := pipeline.Get(s, coverageKey); ok {
		cov = cov.clone()
		cov.sort()
		res.Coverage = cov
		if err := addCoverageFiles(res); err != nil {
			return nil, err
		}
	}
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
	if res.DocsDir != "" {
		if err := WriteDocs(ctx, res.DocsDir, res.Docs); err != nil {
			return nil, err
		}
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

// addCoverageFiles puts the coverage report beside the output of an --all run.
func addCoverageFiles(res *Result) error {
	data, err := res.Coverage.JSON()
	if err != nil {
		return err
	}
	files := make(Files, len(res.Files)+2)
	for k, v := range res.Files {
		files[k] = v
	}
	files["coverage.json"] = append(data, '\n')
	var md strings.Builder
	res.Coverage.Markdown(&md)
	files["coverage.md"] = []byte(md.String())
	res.Files = files
	return nil
}

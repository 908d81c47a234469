// Package codegen is the generator's public API: Options say what to generate from where, Run
// generates in memory, Generate writes the result, Check compares it with what is on disk. The
// pipeline itself lives in stages/, each stage's algorithm in the package named for it.
package codegen

import (
	"fmt"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
	"github.com/armgen/armgen/pkg/codegen/output"
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
	// Printer says how Go files are printed: directly (the default), or through dst's
	// restorer and go/printer, the reference the direct printer is held to (same bytes).
	Printer golang.Printer
	// Audit accounts for every swagger property of every generated resource (Result.Audit);
	// Generate refuses to write when one is not accounted for.
	Audit bool
	// CompileCheck type-checks the rendered Go packages before anything is written (needs the
	// go command and this module's dependencies); Generate refuses to write code that does not
	// compile.
	CompileCheck bool
	// Observe is told about every stage as it finishes.
	Observe func(pipeline.Report)
	// StopAfter, when set, ends the pipeline after this stage (nothing is rendered if it comes
	// before the emit stages); the corpus sweep uses it to check the type graph alone.
	StopAfter string
	// DebugStage names a stage after which the state is dumped to DebugOut.
	DebugStage string
	DebugOut   func(id string, s pipeline.State) error

	// filesReady, set by Generate, is handed each set of output-folder files as soon as the
	// stage that renders it has run, so that writing them overlaps the later stages.
	filesReady func(output.Files)
}

// SpecRootDir decides the spec root: the override, else the config's (relative to the config file).
func (o Options) SpecRootDir() (string, error) {
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

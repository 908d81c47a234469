package codegen

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/compilecheck"
	"github.com/armgen/armgen/pkg/codegen/coverage"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/stages"
)

// Files are rendered files keyed by slash-separated path relative to their folder.
type Files = output.Files

// Result summarises a run.
type Result struct {
	Resources int
	Types     int
	// Files are the rendered files of the output folder. In Generate's result, those written
	// out while later stages still ran (the Go files, unless CompileCheck) are listed with nil
	// content: they are on disk, and holding them to the end cost the run its memory.
	Files     Files
	OutputDir string
	// Coverage is the report of an --all run.
	Coverage *coverage.Report
	// Docs are the generated resource pages, relative to DocsDir ("" when none are written).
	Docs    Files
	DocsDir string
	// Audit says where every swagger property went; nil unless Options.Audit.
	Audit *audit.Report
	// Definitions is the final type graph, for tools that explain it.
	Definitions astmodel.Definitions
	Elapsed     time.Duration
}

// Run generates everything in memory; nothing is written.
func Run(ctx context.Context, o Options) (*Result, error) {
	start := time.Now()
	root, err := o.SpecRootDir()
	if err != nil {
		return nil, err
	}
	list := stages.All()
	if o.StopAfter != "" {
		var ok bool
		if list, ok = stages.Upto(o.StopAfter); !ok {
			return nil, fmt.Errorf("no stage %q (stages: %s)", o.StopAfter, strings.Join(stages.IDs(stages.All()), ", "))
		}
	}
	if o.Audit {
		list = stages.Audited(list)
	}
	r := pipeline.Runner{Stages: list, Observe: o.Observe, Release: true, Keep: stages.ResultKeys()}
	if o.DebugStage != "" && !r.Has(o.DebugStage) {
		return nil, fmt.Errorf("--debug-stage: no stage %q (stages: %s)", o.DebugStage, strings.Join(stages.IDs(r.Stages), ", "))
	}
	// writtenEarly are the paths of the files handed to filesReady that the run does not keep:
	// the Go files, written out while emit-crds runs. A compile check reads them at the end.
	var writtenEarly []string
	dropWritten := o.filesReady != nil && !o.CompileCheck
	if dropWritten {
		r.Keep = stages.ResultKeysWritingEarly()
	}
	if o.DebugStage != "" || o.filesReady != nil {
		r.AfterStageOf = stages.FileStages()
		if o.DebugStage != "" {
			r.AfterStageOf = append(r.AfterStageOf, o.DebugStage)
		}
		r.AfterStage = func(id string, s pipeline.State) error {
			if o.filesReady != nil {
				if files, ok := stages.FilesWrittenBy(id, s); ok {
					o.filesReady(files)
					if dropWritten && stages.WrittenEarly(id) {
						writtenEarly = append(writtenEarly, files.Paths()...)
					}
				}
			}
			if id == o.DebugStage && o.DebugOut != nil {
				return o.DebugOut(id, s)
			}
			return nil
		}
	}
	in := stages.Inputs{Config: o.Config, SpecRoot: root, All: o.All, FullDescriptions: o.FullDescriptions, Printer: o.Printer}
	s, err := r.Run(ctx, in.State())
	if err != nil {
		return nil, userError(err, root)
	}
	out, err := stages.Results(s)
	if err != nil {
		return nil, err
	}
	res := &Result{Files: out.Files, Docs: out.Docs, OutputDir: o.Output(), DocsDir: o.Docs(), Definitions: s.Definitions(), Audit: out.Audit}
	for _, p := range writtenEarly {
		if _, dup := res.Files[p]; dup {
			return nil, fmt.Errorf("internal error (please report): %s is rendered twice", p)
		}
		res.Files[p] = nil
	}
	if out.Coverage != nil {
		res.Coverage = out.Coverage.Clone()
		res.Coverage.Sort()
		res.Files, err = withCoverageFiles(res.Files, res.Coverage)
		if err != nil {
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

// Generate runs the pipeline and replaces the output directory (and the generated docs pages)
// with the result, only when the whole run succeeded: everything is written beside its place,
// then swapped in as one change. A second run writing the same output at once, and an output
// folder holding a file the generator did not write, are refused before the run; an audit with unaccounted properties, or Go code that does not compile
// (CompileCheck), fails the run; in each case nothing is written and the result, where there is
// one, still carries the report.
func Generate(ctx context.Context, o Options) (res *Result, err error) {
	start := time.Now()
	release, err := output.Acquire(o.Output(), o.Docs())
	if err != nil {
		return nil, err
	}
	defer release()
	// The output folder's files are written beside it as each emitter finishes, while the
	// later ones run; they are swapped in only at the end, and removed on any failure.
	st := output.NewStager(ctx, o.Output())
	defer func() {
		if err != nil {
			_ = st.Abort()
		}
	}()
	o.filesReady = st.Add
	res, err = Run(ctx, o)
	if err != nil {
		return nil, err
	}
	if res.Audit != nil && res.Audit.Count(audit.Unaccounted) > 0 {
		return res, &audit.Error{Report: res.Audit}
	}
	if o.CompileCheck {
		if err := compilecheck.Check(ctx, res.Files, o.Config.OutputPackage, ""); err != nil {
			return res, fmt.Errorf("%w\nnothing was written to %s", err, res.OutputDir)
		}
	}
	if err := output.WriteStaged(ctx, st, res.OutputDir, res.Files, res.DocsDir, res.Docs); err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// withCoverageFiles puts the coverage report beside the output of an --all run.
func withCoverageFiles(files Files, cov *coverage.Report) (Files, error) {
	data, err := cov.JSON()
	if err != nil {
		return nil, err
	}
	var md strings.Builder
	cov.Markdown(&md)
	return output.Merge(files, Files{"coverage.json": append(data, '\n'), "coverage.md": []byte(md.String())})
}

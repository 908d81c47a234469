package stages

import (
	"maps"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/coverage"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/output"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// The side data stages pass along, beside the type definitions. Inputs are set by the caller
// (see Inputs); the rest are written by the stage named.
var (
	// Inputs.
	configKey   = pipeline.NewKey[*config.Config]("config")
	specRootKey = pipeline.NewKey[string]("spec-root")
	// allKey selects every resource type of the spec root instead of the configured ones.
	allKey = pipeline.NewKey[bool]("all")
	// fullDescriptionsKey keeps every description in CRDs over the kubectl apply limit.
	fullDescriptionsKey = pipeline.NewKey[bool]("full-descriptions")
	// printerKey says how Go files are printed (see golang.Printer).
	printerKey = pipeline.NewKey[golang.Printer]("go-printer")
	// consumedKey holds the config settings some stage read; every stage that reads settings
	// adds to it, and check-config-consumed reports the rest.
	consumedKey = pipeline.NewKey[consumed.Settings]("consumed-settings")

	// index-specs.
	indexKey = pipeline.NewKey[*loader.Index]("spec-index")
	// index-specs, then load-specs (documents) and discover-resources (catalogues).
	versionsKey = pipeline.NewKey[selection.Versions]("api-versions")
	// load-specs.
	corpusKey = pipeline.NewKey[*loader.Corpus]("corpus")
	// discover-resources; build-types and apply-config refine them.
	exportsKey = pipeline.NewKey[selection.Exports]("exports")
	// discover-resources (nil unless --all); build-types adds the resources it skips.
	coverageKey = pipeline.NewKey[*coverage.Report]("coverage")
	// create-conversion-graph: each kind's hub and how every version reaches it.
	conversionGraphKey = pipeline.NewKey[*astmodel.ConversionGraph]("conversion-graph")
	// create-arm-types: how each API object converts to and from its ARM wire type.
	armPlanKey = pipeline.NewKey[*astmodel.ARMPlan]("arm-plan")
	// plan-conversions: the AssignProperties methods between versions.
	conversionsKey = pipeline.NewKey[*astmodel.Conversions]("conversions")
	// audit-properties (gen --audit only): where every swagger property went.
	auditReportKey = pipeline.NewKey[*audit.Report]("audit-report")
	// emit-go, emit-crds, emit-rbac, emit-docs: rendered files, relative to the output or docs folder.
	goFilesKey   = pipeline.NewKey[output.Files]("go-files")
	crdFilesKey  = pipeline.NewKey[output.Files]("crd-files")
	rbacFilesKey = pipeline.NewKey[output.Files]("rbac-files")
	docsKey      = pipeline.NewKey[output.Files]("docs")
)

// Inputs are what a run starts from.
type Inputs struct {
	Config   *config.Config
	SpecRoot string
	// All generates every resource type of the spec root instead of the configured ones.
	All bool
	// FullDescriptions keeps full descriptions in CRDs over kubectl's apply limit.
	FullDescriptions bool
	// Printer says how Go files are printed (all ways give the same bytes).
	Printer golang.Printer
}

// State returns the initial state of a run.
func (in Inputs) State() pipeline.State {
	s := pipeline.NewState()
	s = pipeline.With(s, configKey, in.Config)
	s = pipeline.With(s, specRootKey, in.SpecRoot)
	s = pipeline.With(s, allKey, in.All)
	s = pipeline.With(s, fullDescriptionsKey, in.FullDescriptions)
	s = pipeline.With(s, printerKey, in.Printer)
	return pipeline.With(s, consumedKey, consumed.Settings{})
}

// Outputs are what a run produced; a run that stopped early has only what its stages wrote.
type Outputs struct {
	// Files are the rendered Go, CRD and RBAC files, relative to the output folder.
	Files output.Files
	// Docs are the resource pages, relative to the docs folder.
	Docs output.Files
	// Coverage is the report of an --all run; nil otherwise.
	Coverage *coverage.Report
	// Audit is where every swagger property went; nil unless the run was Audited.
	Audit *audit.Report
}

// ResultKeys are the state keys Results reads: a runner that releases side data keeps them.
func ResultKeys() []string {
	return pipeline.Keys(goFilesKey, crdFilesKey, rbacFilesKey, docsKey, auditReportKey, coverageKey)
}

// outputFileKeys are the keys of the files of the output folder, with the stage that writes each.
var outputFileKeys = map[string]pipeline.Key[output.Files]{EmitGo: goFilesKey, EmitCRDs: crdFilesKey, EmitRBAC: rbacFilesKey}

// writtenEarly are the stages whose files are done long before the run ends: emit-go's are most
// of the output's bytes (about 220 MiB for the whole corpus), rendered before emit-crds' long
// run. A caller that writes files as they come need not keep these in memory to the end, where
// they leave the collector that much less room under the memory limit.
var writtenEarly = []string{EmitGo}

// FileStages are the stages that write output-folder files (see FilesWrittenBy).
func FileStages() []string { return slices.Sorted(maps.Keys(outputFileKeys)) }

// WrittenEarly reports whether the files stage id writes are among those a caller writing files
// as they come need not keep (see ResultKeysWritingEarly).
func WrittenEarly(id string) bool { return slices.Contains(writtenEarly, id) }

// ResultKeysWritingEarly is ResultKeys for a caller that writes files as they come and keeps the
// paths of those WrittenEarly itself: Results then holds the other files only.
func ResultKeysWritingEarly() []string {
	return slices.DeleteFunc(ResultKeys(), func(k string) bool {
		return slices.ContainsFunc(writtenEarly, func(id string) bool { return outputFileKeys[id].Name() == k })
	})
}

// FilesWrittenBy returns the output-folder files the stage id has just written into s, for a
// caller that writes them out while later stages still run; false for a stage that writes none.
func FilesWrittenBy(id string, s pipeline.State) (output.Files, bool) {
	k, ok := outputFileKeys[id]
	if !ok || !pipeline.Has(s, k) {
		return nil, false
	}
	files, err := pipeline.Get(s, k)
	return files, err == nil
}

// Results reads the outputs of a finished run.
func Results(s pipeline.State) (Outputs, error) {
	var out Outputs
	var sets []output.Files
	for _, k := range []pipeline.Key[output.Files]{goFilesKey, crdFilesKey, rbacFilesKey} {
		if pipeline.Has(s, k) {
			fs, err := pipeline.Get(s, k)
			if err != nil {
				return out, err
			}
			sets = append(sets, fs)
		}
	}
	files, err := output.Merge(sets...)
	if err != nil {
		return out, err
	}
	out.Files = files
	if pipeline.Has(s, docsKey) {
		if out.Docs, err = pipeline.Get(s, docsKey); err != nil {
			return out, err
		}
	}
	if pipeline.Has(s, auditReportKey) {
		if out.Audit, err = pipeline.Get(s, auditReportKey); err != nil {
			return out, err
		}
	}
	if pipeline.Has(s, coverageKey) {
		if out.Coverage, err = pipeline.Get(s, coverageKey); err != nil {
			return out, err
		}
	}
	return out, nil
}

// consume records settings read by the running stage (which declares consumedKey in both Reads
// and Writes).
func consume(s pipeline.State, paths ...string) (pipeline.State, error) {
	c, err := pipeline.Get(s, consumedKey)
	if err != nil {
		return s, err
	}
	return pipeline.With(s, consumedKey, c.With(paths...)), nil
}

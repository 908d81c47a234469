// Package stages is the generation pipeline: the stage list (this file), the state keys the
// stages pass along (keys.go), and one thin adapter per stage that reads its keys, calls the
// algorithm in the package named for it, and writes its keys. Stages never write files.
package stages

import (
	"slices"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// All is the generation pipeline, in order. Why each stage stands where it does:
//
//   - index-specs, load-specs: everything starts from the swagger folders of the configured
//     versions (or, for --all, of every version).
//   - discover-resources: resources come from the PUT paths of the loaded documents; matching the
//     config against them comes before any type is built, so a misspelt kind fails fast.
//   - build-types: only the schemas the exported resources reach are translated.
//   - apply-config: settings name types and properties as the swagger does, so they apply to the
//     raw types, before split-spec-status renames and reshapes them.
//   - split-spec-status: needs the settings applied (secrets and references decide spec types).
//   - add-resource-properties: adds to the spec and status types split-spec-status made.
//   - add-exported-values: adds to the operatorSpec add-resource-properties made, and reads the
//     status types to tell where a status value is on the wire.
//   - break-cycles: after every property exists, so no later stage can add a cycle back.
//   - prune-unused: after the last stage that drops references (split and break-cycles leave
//     raw types and recursive originals behind).
//   - create-storage-types: copies the final API types, so it follows every API type change.
//   - create-arm-types: derives wire types from the final API types too; after the storage
//     twins, which are of API types only.
//   - check-names: once every type and property has its name (storage twins and wire types
//     included), and before plan-conversions, which pairs properties by name and would report
//     a clash as a failed pairing instead of the rename that fixes it.
//   - create-conversion-graph, plan-conversions: need the storage twins to pair versions.
//   - emit-go, emit-crds, emit-docs: render in memory from the checked graph. Each emitter
//     (Beside) writes only its own files, so they run at once, sharing the cores instead of each
//     waiting for the last, largest package or CRD of the one before.
//   - emit-rbac: beside emit-crds, from the same resources and plurals, so the operator's role
//     grants exactly the kinds whose CRDs are written.
//   - check-config-consumed: last, when every stage that reads settings has run.
func All() []pipeline.Stage {
	return []pipeline.Stage{
		indexSpecs(),
		loadSpecs(),
		discoverResources(),
		buildTypes(),
		applyConfig(),
		splitSpecStatus(),
		addResourceProperties(),
		addExportedValues(),
		breakCycles(),
		pruneUnused(),
		createStorageTypes(),
		createARMTypes(),
		checkNames(),
		createConversionGraph(),
		planConversions(),
		emitGo(),
		emitCRDs(),
		emitRBAC(),
		emitDocs(),
		checkConfigConsumed(),
	}
}

// Audited returns list with audit-properties right after check-names (gen --audit): it reads the
// checked graph, the one that is rendered. It is left out of runs that do not ask for it, so they
// pay nothing for it.
func Audited(list []pipeline.Stage) []pipeline.Stage {
	for i, st := range list {
		if st.ID == CheckNames {
			return slices.Concat(list[:i+1], []pipeline.Stage{auditProperties()}, list[i+1:])
		}
	}
	return list
}

// Upto returns the stages up to and including id, for runs that stop early (the corpus sweep
// stops after plan-conversions) and for tests of one stage.
func Upto(id string) ([]pipeline.Stage, bool) {
	all := All()
	for i, st := range all {
		if st.ID == id {
			return all[:i+1], true
		}
	}
	return nil, false
}

// IDs lists the stage IDs of stages, for messages.
func IDs(stages []pipeline.Stage) []string {
	out := make([]string, len(stages))
	for i, st := range stages {
		out[i] = st.ID
	}
	return out
}

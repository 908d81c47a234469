package codegen

import "github.com/armgen/armgen/pkg/codegen/pipeline"

// Stages is the generation pipeline, in order.
func Stages() []pipeline.Stage {
	return []pipeline.Stage{
		indexSpecs(),
		loadSpecs(),
		discoverResources(),
		buildTypes(),
		applyConfig(),
		splitSpecStatus(),
		addResourceProperties(),
		breakCycles(),
		pruneUnused(),
		createStorageTypes(),
		createConversionGraph(),
		planConversions(),
		checkNames(),
		emitGo(),
		emitCRDs(),
		emitDocs(),
		// Last: every stage that reads a setting of azure-arm.yaml must have run.
		checkConfigConsumed(),
	}
}

package output

import (
	"context"
	"maps"
	"slices"
)

// Check refuses, before a run writes anything, an output folder or docs folder ("" for none)
// holding a file the generator did not write, which replacing them would delete. A swap that an
// earlier run left unfinished is finished first.
func Check(outDir, docsDir string) error {
	targets := []string{outDir}
	if docsDir != "" {
		targets = append(targets, docsTargets(docsDir)...)
	}
	if err := Recover(JournalPath(outDir), targets...); err != nil {
		return err
	}
	if err := CheckOwned(outDir); err != nil {
		return err
	}
	if docsDir == "" {
		return nil
	}
	return checkDocsOwned(docsDir)
}

// Write replaces the output folder with files (and the manifest listing them) and, when docsDir
// is not "", the generated pages of the docs folder with docs: all of it swapped in as one
// change, so that an interrupt never leaves the code and its docs out of step.
func Write(ctx context.Context, outDir string, files Files, docsDir string, docs Files) error {
	return WriteStaged(ctx, nil, outDir, files, docsDir, docs)
}

// WriteStaged is Write for an output folder whose files st (nil for none) has been writing
// beside it while they were generated.
func WriteStaged(ctx context.Context, st *Stager, outDir string, files Files, docsDir string, docs Files) error {
	if err := Check(outDir, docsDir); err != nil {
		return err
	}
	c := Change{Trees: map[string]Files{outDir: WithManifest(files)}}
	if st != nil {
		c.Stagers = map[string]*Stager{outDir: st}
	}
	if docsDir != "" {
		if err := c.addDocs(docsDir, docs); err != nil {
			return err
		}
	}
	return Commit(ctx, JournalPath(outDir), c)
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

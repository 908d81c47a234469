package codegen

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"

	"github.com/armgen/armgen/pkg/codegen/output"
)

// Drift is one file whose content on disk differs from a fresh generation.
type Drift struct {
	// Path is the file as the user can open it (the output or docs folder joined in).
	Path string
	// Kind says how it differs.
	Kind DriftKind
	// Want is what generation produces; Got is what is on disk.
	Want, Got []byte
}

// DriftKind says how a file differs.
type DriftKind string

// The ways a file can differ.
const (
	Changed DriftKind = "changed" // both exist, with other content
	Missing DriftKind = "missing" // generation produces it; it is not on disk
	Extra   DriftKind = "extra"   // it is on disk; generation no longer produces it
)

// CheckResult is a fresh generation compared with the trees on disk.
type CheckResult struct {
	*Result
	// Drift lists the files that differ, sorted by path; empty when the trees are up to date.
	Drift []Drift
}

// Check generates in memory (nothing is written) and compares the result with the output
// folder and the generated pages of the docs folder on disk.
func Check(ctx context.Context, o Options) (*CheckResult, error) {
	res, err := Run(ctx, o)
	if err != nil {
		return nil, err
	}
	out := &CheckResult{Result: res}
	onDisk, err := output.ReadTree(res.OutputDir)
	if err != nil {
		return nil, err
	}
	out.Drift = compareFiles(res.OutputDir, output.WithManifest(res.Files), onDisk)
	if res.DocsDir != "" {
		pages, err := output.ReadDocs(res.DocsDir)
		if err != nil {
			return nil, err
		}
		out.Drift = append(out.Drift, compareFiles(res.DocsDir, res.Docs, pages)...)
	}
	slices.SortFunc(out.Drift, func(a, b Drift) int {
		switch {
		case a.Path < b.Path:
			return -1
		case a.Path > b.Path:
			return 1
		}
		return 0
	})
	return out, nil
}

// compareFiles lists the differences between want and got, both relative to dir.
func compareFiles(dir string, want, got Files) []Drift {
	var out []Drift
	for p, w := range want {
		g, ok := got[p]
		switch {
		case !ok:
			out = append(out, Drift{Path: filepath.Join(dir, filepath.FromSlash(p)), Kind: Missing, Want: w})
		case !bytes.Equal(w, g):
			out = append(out, Drift{Path: filepath.Join(dir, filepath.FromSlash(p)), Kind: Changed, Want: w, Got: g})
		}
	}
	for p, g := range got {
		if _, ok := want[p]; !ok {
			out = append(out, Drift{Path: filepath.Join(dir, filepath.FromSlash(p)), Kind: Extra, Got: g})
		}
	}
	return out
}

package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrBusy is returned by Acquire when another run is writing the same output.
var ErrBusy = errors.New("another gen run is writing it")

// LockPath is the lock file of the output folder dir: beside it, as its journal is, because the
// folder itself is swapped whole.
func LockPath(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".lock")
}

// Acquire takes the output folder outDir (and the generated part of docsDir, "" for none) for
// one run, until release: a second run writing the same output at once is refused, because both
// would pass the ownership check, write the same journal and race their renames. Then, as Check
// does, it finishes a swap an earlier run left half done and refuses a folder holding files the
// generator did not write; last it removes what runs killed before their swap left beside the
// targets (their staging folders and files), which no journal names once Recover has run, and
// which only a run holding the lock may remove.
func Acquire(outDir, docsDir string) (release func(), err error) {
	unlock, err := lock(LockPath(outDir))
	if errors.Is(err, ErrBusy) {
		return nil, fmt.Errorf("%s: %w (it holds %s); wait for it to end, or write to another --out", outDir, ErrBusy, LockPath(outDir))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: taking the output for this run: %w", outDir, err)
	}
	defer func() {
		if err != nil {
			unlock()
		}
	}()
	if err := Check(outDir, docsDir); err != nil {
		return nil, err
	}
	targets := []string{outDir}
	if docsDir != "" {
		targets = append(targets, docsTargets(docsDir)...)
	}
	for _, t := range targets {
		if err := removeStaleStaging(t); err != nil {
			return nil, err
		}
	}
	return unlock, nil
}

// removeStaleStaging removes the entries beside target that a run writing target stages its
// content in (".<name>.new-*", and their ".old" backups).
func removeStaleStaging(target string) error {
	target = filepath.Clean(target)
	parent := filepath.Dir(target)
	entries, err := os.ReadDir(parent)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	prefix := "." + filepath.Base(target) + ".new-"
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(parent, e.Name())); err != nil {
			return fmt.Errorf("removing %s, left by a run stopped before its swap: %w", filepath.Join(parent, e.Name()), err)
		}
	}
	return nil
}

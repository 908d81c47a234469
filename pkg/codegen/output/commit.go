package output

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Change is everything one run writes: whole folders, each to hold exactly its files, and single
// files beside them (nil content removes the file). Commit makes it happen as a unit.
type Change struct {
	Trees map[string]Files
	Files map[string][]byte
	// Stagers, per folder of Trees, hold what was already written of it while generation ran;
	// Commit writes the rest of the folder's files beside them.
	Stagers map[string]*Stager
}

// targets are the folders and files c replaces, in the order they are swapped.
func (c Change) targets() []string {
	return append(sortedKeys(c.Trees), sortedKeys(c.Files)...)
}

// A journal lists the renames that swap a staged change in. It is written once everything is
// staged, and removed once every rename is done: a run stopped between the first rename and the
// last (killed, or the machine lost) leaves the journal, and the next run finishes the swap
// before anything else (Recover), so the generated code and its docs are never out of step.
type journal struct {
	Steps []swapStep `json:"steps"`
}

// swapStep moves Target aside to Backup (when it exists), then Staged into its place (when
// there is one; none removes Target).
type swapStep struct {
	Staged string `json:"staged,omitempty"`
	Target string `json:"target"`
	Backup string `json:"backup"`
}

// crashAfterStep, in tests, stops Commit dead after that many renames, as a kill would.
var crashAfterStep = -1

var errCrashed = errors.New("stopped in the middle of the swap (test)")

// failRenameAtStep, in tests, fails that rename of the swap as the file system would (the
// folder a mount point, or immutable).
var failRenameAtStep = -1

// JournalPath is where the journal of a change whose first folder is dir is kept: beside dir.
func JournalPath(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".swap.json")
}

// Commit writes c: every folder and file is first written beside its target, then all are
// swapped in by renames under a journal at journalPath. An error or an interrupt (ctx) before
// the swap leaves everything as it was; once the swap starts, it runs to the end whatever ctx
// says, as it takes only renames.
func Commit(ctx context.Context, journalPath string, c Change) (err error) {
	var steps []swapStep
	swapping := false
	defer func() {
		// Once the journal is written, what is staged belongs to it: a rename that failed half
		// way leaves some targets swapped in, and only the journal's steps can bring the rest
		// in step with them.
		if err != nil && !swapping && !errors.Is(err, errCrashed) {
			for _, s := range steps {
				if s.Staged != "" {
					_ = os.RemoveAll(s.Staged)
				}
			}
			// An interrupt or a full disk while staging says only what failed, not that the
			// user's folders are untouched.
			err = fmt.Errorf("%w\nnothing was replaced: %s left as it was", err, strings.Join(c.targets(), ", "))
		}
	}()
	var stagers []*Stager
	for _, dir := range sortedKeys(c.Trees) {
		st := c.Stagers[dir]
		if st == nil {
			st = NewStager(ctx, dir)
		}
		stagers = append(stagers, st)
		staged, err := st.finish(ctx, c.Trees[dir])
		if staged != "" {
			steps = append(steps, swapStep{Staged: staged, Target: filepath.Clean(dir), Backup: staged + ".old"})
		}
		if err != nil {
			return err
		}
	}
	for _, path := range sortedKeys(c.Files) {
		data := c.Files[path]
		if data == nil {
			steps = append(steps, swapStep{Target: path, Backup: path + ".old-" + filepath.Base(journalPath)})
			continue
		}
		staged, err := stageFile(path, data)
		if staged != "" {
			steps = append(steps, swapStep{Staged: staged, Target: path, Backup: staged + ".old"})
		}
		if err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := json.Marshal(journal{Steps: steps})
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(journalPath, data, 0o644); err != nil {
		return err
	}
	// From here on the journal finishes the swap, whatever happens to this run.
	swapping = true
	for _, st := range stagers {
		st.handOver()
	}
	return finish(journalPath, steps)
}

// Recover finishes a swap that a stopped run left half done, if its journal is at journalPath.
// The journal may name only targets, the folders and files of the run about to start.
func Recover(journalPath string, targets ...string) error {
	data, err := os.ReadFile(journalPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("%s: %w; it records an unfinished swap of generated output: check the folders it names, then remove it", journalPath, err)
	}
	if err := checkSteps(journalPath, j.Steps, targets); err != nil {
		return err
	}
	return finish(journalPath, j.Steps)
}

// finish does the renames that are not done yet, then removes the journal and what was swapped
// out. Each step can be repeated: a staged entry that is gone was swapped in already.
func finish(journalPath string, steps []swapStep) error {
	for i, s := range steps {
		if i == crashAfterStep {
			return errCrashed
		}
		if i == failRenameAtStep {
			return halfDone(&os.LinkError{Op: "rename", Old: s.Target, New: s.Backup, Err: syscall.EBUSY}, journalPath)
		}
		if s.Staged != "" && !exists(s.Staged) {
			continue
		}
		if exists(s.Target) && !exists(s.Backup) {
			if err := os.Rename(s.Target, s.Backup); err != nil {
				return halfDone(err, journalPath)
			}
		}
		if s.Staged != "" {
			if err := os.Rename(s.Staged, s.Target); err != nil {
				return halfDone(err, journalPath)
			}
		}
	}
	if err := os.Remove(journalPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, s := range steps {
		if err := removeTree(s.Backup); err != nil {
			return err
		}
	}
	return nil
}

// halfDone says what a rename that failed during the swap leaves: the next run must finish it.
func halfDone(err error, journalPath string) error {
	return fmt.Errorf("%w\nthe swap of the new output is half done: %s records it, and the next run finishes it before anything else once the cause is fixed", err, journalPath)
}

// stageFile writes data into a new temporary sibling of path and returns it.
func stageFile(path string, data []byte) (string, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new-")
	if err != nil {
		return "", err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return tmp.Name(), err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return tmp.Name(), err
	}
	return tmp.Name(), tmp.Close()
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

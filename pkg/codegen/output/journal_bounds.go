package output

import (
	"fmt"
	"path/filepath"
	"strings"
)

// checkSteps refuses a journal that names anything but targets, or a step not shaped as Commit
// writes it (staged and backup beside their target, named after it). The journal is only a file
// beside the output folder: one left by another checkout or planted in a pull request would
// otherwise make the next run rename and delete whatever it names, anywhere.
func checkSteps(journalPath string, steps []swapStep, targets []string) error {
	allowed := make(map[string]bool, len(targets))
	for _, t := range targets {
		allowed[filepath.Clean(t)] = true
	}
	for i, s := range steps {
		if err := checkStep(journalPath, s, allowed); err != nil {
			return fmt.Errorf("%s: step %d: %s; it does not record a swap this run would make, so nothing was done: if a run with other --out or --docs folders left it, run that again to finish it, else remove it", journalPath, i, err)
		}
	}
	return nil
}

func checkStep(journalPath string, s swapStep, allowed map[string]bool) error {
	target := filepath.Clean(s.Target)
	if s.Target != target || !allowed[target] {
		return fmt.Errorf("target %q is not among the folders and files this run writes", s.Target)
	}
	if s.Staged == "" {
		if want := target + ".old-" + filepath.Base(journalPath); s.Backup != want {
			return fmt.Errorf("backup %q is not %q", s.Backup, want)
		}
		return nil
	}
	prefix := "." + filepath.Base(target) + ".new-"
	name := filepath.Base(s.Staged)
	if filepath.Dir(s.Staged) != filepath.Dir(target) || !strings.HasPrefix(name, prefix) || len(name) == len(prefix) {
		return fmt.Errorf("staged %q is not a %s* beside its target", s.Staged, prefix)
	}
	if want := s.Staged + ".old"; s.Backup != want {
		return fmt.Errorf("backup %q is not %q", s.Backup, want)
	}
	return nil
}

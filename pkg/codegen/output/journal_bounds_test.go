package output

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecoverRefusesAJournalNamingOtherPaths: the swap journal beside the output folder is a
// file anyone can leave there (a stale checkout, a crafted pull request). Finishing it renames
// its targets aside and deletes them, so a journal naming anything but the folders and files
// this run writes, or steps not shaped as Commit writes them, is refused with the journal and
// the step named, and nothing is touched.
func TestRecoverRefusesAJournalNamingOtherPaths(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	elsewhere := t.TempDir()
	victim := filepath.Join(elsewhere, "passwd")
	victimDir := filepath.Join(elsewhere, "home")
	staged := filepath.Join(elsewhere, ".home.new-1")
	cases := []struct {
		name  string
		steps []swapStep
	}{
		{"a file elsewhere removed", []swapStep{{Target: victim, Backup: victim + ".old-" + filepath.Base(JournalPath(out))}}},
		{"a relative escape", []swapStep{{Target: filepath.Join(out, "..", "..", filepath.Base(elsewhere), "passwd"), Backup: victim + ".bak"}}},
		{"a folder elsewhere replaced", []swapStep{{Staged: staged, Target: victimDir, Backup: staged + ".old"}}},
		{"the output folder with a backup elsewhere", []swapStep{{Target: out, Backup: victimDir}}},
		{"the output folder from a staged folder elsewhere", []swapStep{{Staged: victimDir, Target: out, Backup: victimDir + ".old"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			writeFiles(t, elsewhere, map[string]string{"passwd": "root:x:0:0", "home/notes": "mine", ".home.new-1/x": "staged", "home.old/y": "kept"})
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(journal{Steps: c.steps})
			if err != nil {
				t.Fatal(err)
			}
			j := JournalPath(out)
			if err := os.WriteFile(j, data, 0o644); err != nil {
				t.Fatal(err)
			}
			err = Check(out, "")
			if err == nil || !strings.Contains(err.Error(), j) {
				t.Errorf("Check with a journal naming other paths: %v, want a refusal naming %s", err, j)
			}
			for _, p := range []string{"passwd", "home/notes", ".home.new-1/x", "home.old/y"} {
				if _, err := os.Stat(filepath.Join(elsewhere, p)); err != nil {
					t.Errorf("the journal's step made gen touch %s: %v", p, err)
				}
			}
			if _, err := os.Stat(j); err != nil {
				t.Errorf("the refused journal is gone: %v", err)
			}
			_ = os.RemoveAll(elsewhere)
			_ = os.MkdirAll(elsewhere, 0o755)
		})
	}
}

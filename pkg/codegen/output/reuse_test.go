//go:build unix

package output

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Regenerating over an existing output reuses the files that did not change (the same inode, no
// new one for the file system to allocate) and writes the ones that did, leaving the reused
// files' bytes and mode as a fresh write would.
func TestWriteReusesUnchangedFilesOfReplacedFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	ctx := context.Background()
	if err := Write(ctx, out, Files{"a/same.go": []byte("package a\n"), "b.go": []byte("package b\n"), "empty.txt": {}}, "", nil); err != nil {
		t.Fatal(err)
	}
	before := map[string]os.FileInfo{}
	for _, p := range []string{"a/same.go", "b.go", "empty.txt"} {
		fi, err := os.Stat(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		before[p] = fi
	}
	if err := Write(ctx, out, Files{"a/same.go": []byte("package a\n"), "b.go": []byte("package c\n"), "empty.txt": {}}, "", nil); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{"a/same.go": true, "b.go": false, "empty.txt": true} {
		fi, err := os.Stat(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		if got := os.SameFile(before[p], fi); got != want {
			t.Errorf("%s: reused the replaced folder's file = %v, want %v", p, got, want)
		}
		if fi.Mode().Perm() != reusedPerm {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), os.FileMode(reusedPerm))
		}
	}
	if data, _ := os.ReadFile(filepath.Join(out, "b.go")); string(data) != "package c\n" {
		t.Errorf("b.go holds %q, want the new content", data)
	}
}

// A file of the replaced folder that differs in anything but its path is written anew: same
// size but other bytes, another mode, a symlink, a longer file with the same start, a file with a
// second name elsewhere (an edit of the new output must not reach it).
func TestLinkUnchangedRefusesDifferingFiles(t *testing.T) {
	dir := t.TempDir()
	data := []byte("package a\n")
	write := func(name string, content []byte, perm os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, content, perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, perm); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := write("same", data, reusedPerm)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(same, link); err != nil {
		t.Fatal(err)
	}
	shared := write("shared", data, reusedPerm)
	if err := os.Link(shared, filepath.Join(dir, "backup-of-shared")); err != nil {
		t.Fatal(err)
	}
	for name, old := range map[string]string{
		"second name": shared,
		"other bytes": write("bytes", []byte("package b\n"), reusedPerm),
		"other mode":  write("mode", data, 0o755),
		"longer":      write("longer", append(append([]byte{}, data...), "// more\n"...), reusedPerm),
		"symlink":     link,
		"missing":     filepath.Join(dir, "missing"),
	} {
		if _, ok := linkUnchanged(old, filepath.Join(dir, "staged-"+filepath.Base(old)), data, make([]byte, 4)); ok {
			t.Errorf("%s: linked", name)
		}
	}
	if _, ok := linkUnchanged(same, filepath.Join(dir, "staged-same"), data, make([]byte, 4)); !ok {
		t.Error("an identical file was not linked")
	}
}

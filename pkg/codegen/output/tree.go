package output

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteTree makes dir hold exactly files. It writes a temporary sibling and swaps it in with
// renames, so an error or an interrupt leaves dir as it was.
func WriteTree(ctx context.Context, dir string, files Files) error {
	if err := Recover(JournalPath(dir), dir); err != nil {
		return err
	}
	return Commit(ctx, JournalPath(dir), Change{Trees: map[string]Files{dir: files}})
}

// WriteFileAtomic replaces a file through a temporary sibling and a rename, so an interrupted
// write never leaves half a file.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// ReadTree reads every file below root, keyed by slash-separated path relative to root; a
// missing root reads as empty.
func ReadTree(root string) (Files, error) {
	out := make(Files)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipAll
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	return out, err
}

package output

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/emit/docs"
)

// WriteDocs replaces the generated pages in the docs folder dir: the folder resources/ as a whole
// (through WriteTree, so it is swapped in only when complete) and the index resources.md
// (through a temporary file and a rename). Everything else in dir, such as hand-written pages,
// is left alone.
func WriteDocs(ctx context.Context, dir string, files Files) error {
	pages := make(Files, len(files))
	for p, data := range files {
		rest, ok := strings.CutPrefix(p, docs.GroupDir+"/")
		switch {
		case ok:
			pages[rest] = data
		case p != docs.IndexFile:
			return fmt.Errorf("docs: %s is not among the pages the generator owns (%s, %s/)", p, docs.IndexFile, docs.GroupDir)
		}
	}
	if err := WriteTree(ctx, filepath.Join(dir, docs.GroupDir), pages); err != nil {
		return err
	}
	index := filepath.Join(dir, docs.IndexFile)
	data, ok := files[docs.IndexFile]
	if !ok {
		if err := os.Remove(index); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return WriteFileAtomic(index, data, 0o644)
}

// ReadDocs reads the generated pages as they are on disk in the docs folder dir.
func ReadDocs(dir string) (Files, error) {
	pages, err := ReadTree(filepath.Join(dir, docs.GroupDir))
	if err != nil {
		return nil, err
	}
	out := make(Files, len(pages)+1)
	for p, data := range pages {
		out[docs.GroupDir+"/"+p] = data
	}
	data, err := os.ReadFile(filepath.Join(dir, docs.IndexFile))
	switch {
	case err == nil:
		out[docs.IndexFile] = data
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	return out, nil
}

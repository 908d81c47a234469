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

// WriteDocs replaces the generated pages in the docs folder dir (see docsChange); everything
// else in dir, such as hand-written pages, is left alone.
func WriteDocs(ctx context.Context, dir string, files Files) error {
	var c Change
	if err := c.addDocs(dir, files); err != nil {
		return err
	}
	j := JournalPath(filepath.Join(dir, docs.GroupDir))
	if err := Recover(j, docsTargets(dir)...); err != nil {
		return err
	}
	return Commit(ctx, j, c)
}

// addDocs adds to c the generated pages of the docs folder dir: the folder resources/ as a
// whole and the index resources.md (removed when files has none).
func (c *Change) addDocs(dir string, files Files) error {
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
	if c.Trees == nil {
		c.Trees = make(map[string]Files)
	}
	if c.Files == nil {
		c.Files = make(map[string][]byte)
	}
	c.Trees[filepath.Join(dir, docs.GroupDir)] = pages
	index := filepath.Join(dir, docs.IndexFile)
	c.Files[index] = files[docs.IndexFile]
	if _, ok := files[docs.IndexFile]; ok && c.Files[index] == nil {
		c.Files[index] = []byte{}
	}
	return nil
}

// docsTargets are the folder and the file of the docs folder dir that the generator replaces.
func docsTargets(dir string) []string {
	return []string{filepath.Join(dir, docs.GroupDir), filepath.Join(dir, docs.IndexFile)}
}

// checkDocsOwned refuses a docs folder whose generated part holds a page the generator did not
// write.
func checkDocsOwned(dir string) error {
	if err := CheckOwned(filepath.Join(dir, docs.GroupDir)); err != nil {
		return err
	}
	return CheckOwnedFile(filepath.Join(dir, docs.IndexFile))
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

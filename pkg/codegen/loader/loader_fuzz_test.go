package loader

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
)

// FuzzLoader feeds arbitrary bytes as a swagger file through parsing, discovery and type
// building. Errors are fine; panics and hangs are not. Seeds are the hand-written fixtures.
func FuzzLoader(f *testing.F) {
	root := "../../../specs/testdata/specification"
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && !strings.Contains(p, "common-types") {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
	common, err := os.ReadFile(filepath.Join(root, "common-types/resource-management/v2/types.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "svc/resource-manager/Microsoft.Svc/stable/2021-01-01/svc.json"
		fsys := fstest.MapFS{
			file: {Data: data},
			"common-types/resource-management/v2/types.json": {Data: common},
		}
		c := NewCorpusFS("fuzz", fsys)
		doc, err := c.Load(file)
		if err != nil {
			return
		}
		cat, err := Discover(c, "svc", "2021-01-01", true, []*Document{doc})
		if err != nil {
			return
		}
		b := NewTypeBuilder(c, astmodel.MakeAPIPackage("example.com/out", "svc", "v1api20210101"), []*Document{doc})
		for _, r := range cat.Resources {
			if err := context.Background().Err(); err != nil {
				return
			}
			_, _ = b.RootType(r.Body, r.Kind+"Body")
			_, _ = b.RootType(r.Response, r.Kind+"Response")
		}
	})
}

package loader

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/internal/testspecs"
)

func corpusRoot(tb testing.TB) string {
	return testspecs.Root(tb)
}

// BenchmarkDiscoverCorpus loads every version folder of the corpus and discovers its resources.
func BenchmarkDiscoverCorpus(b *testing.B) {
	root := corpusRoot(b)
	for range b.N {
		ix, err := BuildIndex(root)
		if err != nil {
			b.Fatal(err)
		}
		c := NewCorpus(root)
		for _, v := range ix.Versions {
			docs, err := c.LoadAll(context.Background(), v.Files)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Discover(c, v.Group, v.APIVersion, v.Stable, docs); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkDecodeDocument decodes what the generator decodes of a large file (every definition,
// shared parameter and path's resource operations), parsing the file afresh each time so no
// decoded value is cached.
func BenchmarkDecodeDocument(b *testing.B) {
	root := corpusRoot(b)
	data, err := os.ReadFile(filepath.Join(root, "network", "resource-manager", "Microsoft.Network", "stable", "2021-02-01", "virtualWan.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		d, err := ParseDocument("virtualWan.json", data)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range d.DefinitionNames() {
			if _, _, err := d.Definition(n); err != nil {
				b.Fatal(err)
			}
		}
		for _, n := range d.ParameterNames() {
			if _, _, err := d.Parameter(n); err != nil {
				b.Fatal(err)
			}
		}
		for _, p := range d.PathNames() {
			if _, err := d.ResourceOperations(p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

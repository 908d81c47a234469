package loader

import (
	"context"
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

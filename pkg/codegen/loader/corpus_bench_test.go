package loader

import (
	"context"
	"os"
	"testing"
)

func corpusRoot(tb testing.TB) string {
	root := os.Getenv("ARMGEN_SPEC_ROOT")
	if root == "" {
		tb.Skip("set ARMGEN_SPEC_ROOT to the specification folder of azure-rest-api-specs")
	}
	return root
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

// Package generated_test checks the committed output of the generator (generated/) the way a
// cluster and controller-gen see it. It holds tests only.
package generated_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/internal/crdcheck"
)

// repoRoot is the directory holding go.mod, found upwards from the working directory (go test
// runs in the package directory, other runners may not).
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// crdsDir is where the generator writes CRDs; ARMGEN_CRD_DIR points the checks at another
// output (make bench-build validates the whole-corpus CRDs this way).
func crdsDir(t *testing.T) string {
	if dir := os.Getenv("ARMGEN_CRD_DIR"); dir != "" {
		return dir
	}
	return filepath.Join(repoRoot(t), "generated", "crds")
}

// loaded holds generated/crds, decoded once for all tests of the package.
var loaded struct {
	once sync.Once
	crds []*apiextv1.CustomResourceDefinition
	err  error
}

func generatedCRDs(t *testing.T) []*apiextv1.CustomResourceDefinition {
	t.Helper()
	dir := crdsDir(t)
	loaded.once.Do(func() {
		loaded.crds, loaded.err = crdcheck.LoadDir(dir)
		if loaded.err == nil && len(loaded.crds) == 0 {
			loaded.err = fmt.Errorf("no CRDs in %s; run the generator", dir)
		}
	})
	if loaded.err != nil {
		t.Fatal(loaded.err)
	}
	return loaded.crds
}

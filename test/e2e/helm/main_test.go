package helm_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/go-logr/logr"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/armgen/armgen/test/e2e/cluster"
)

// shared is the cluster every test of the package uses: the ResourceGroup CRD installed, its
// conversions served by a webhook in this process (the operator under test runs watchers only).
var shared *cluster.Cluster

func TestMain(m *testing.M) {
	ctrllog.SetLogger(logr.Discard()) // the managers' logs would bury the tests' own output
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) {
		shared = c
		c.InstallCRDs(tb, filepath.Join(repoRoot(tb), "generated", "crds", "resources.azure.com"), cluster.ServeWebhook(tb, c))
	}))
}

func repoRoot(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	root, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	if err != nil {
		tb.Fatal(err)
	}
	return root
}

func chartDir(tb testing.TB) string { return filepath.Join(repoRoot(tb), "charts", "armgen") }

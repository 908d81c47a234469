package operator_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/test/e2e/cluster"
)

// shared is the cluster every test of the package uses, with the generated CRDs installed and
// converted by the webhook of a manager running in this process.
var shared *cluster.Cluster

func TestMain(m *testing.M) {
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) {
		shared = c
		c.InstallCRDs(tb, filepath.Join(repoRoot(tb), "generated", "crds"), cluster.ServeWebhook(tb, c))
	}))
}

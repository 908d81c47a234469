package cluster_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/test/e2e/cluster"
)

// shared is the one cluster of this test binary, and hook the conversion webhook every CRD
// installed here points at: the generated CRDs convert by webhook, and the sample is not at
// the storage version.
var (
	shared *cluster.Cluster
	hook   *cluster.WebhookConfig
)

func TestMain(m *testing.M) {
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) {
		shared = c
		hook = cluster.ServeConversion(tb, c.Scheme)
	}))
}

// repoPath joins elem to the repository root: three levels up from this package, which is
// where go test runs its tests.
func repoPath(elem ...string) string {
	return filepath.Join(append([]string{"..", "..", ".."}, elem...)...)
}

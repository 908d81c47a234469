package cluster

import (
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testsupport"
)

// Main is for TestMain: it starts one cluster for every test of the package (a start costs
// seconds), calls setup with it, runs the tests and stops the cluster. setup's tb lives as
// long as the cluster: what it starts (a conversion webhook, say) serves every test. It
// returns the exit code for os.Exit; a failed start or setup fails the binary with its log.
//
//	var shared *cluster.Cluster
//
//	func TestMain(m *testing.M) {
//		os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) { shared = c }))
//	}
func Main(m *testing.M, setup func(tb testing.TB, c *Cluster)) int {
	return testsupport.Main(m, "e2e-cluster", func(tb testing.TB) {
		start := time.Now()
		c := Start(tb)
		tb.Logf("cluster: up in %s", time.Since(start).Round(time.Millisecond))
		setup(tb, c)
	})
}

// Package webhookcerts_test runs the operator's conversion webhook with the certificates the
// operator makes itself (--webhook-certs=operator), in a cluster with no cert-manager.
package webhookcerts_test

import (
	"os"
	"path/filepath"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/armgen/armgen/test/e2e/cluster"
)

var shared *cluster.Cluster

func TestMain(m *testing.M) {
	// The managers here run the webhook alone: their log is what the certificates did.
	log.SetLogger(zap.New(zap.WriteTo(os.Stderr)))
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) { shared = c }))
}

// repoPath joins elem to the repository root, three levels up from this package.
func repoPath(elem ...string) string {
	return filepath.Join(append([]string{"..", "..", ".."}, elem...)...)
}

// Package crdmanagement_test runs the operator with --crd-management=auto against an API server
// that starts without any CRD: what it installs, upgrades and leaves alone (issue 23,
// acceptance 1).
package crdmanagement_test

import (
	"os"
	"testing"

	"github.com/go-logr/logr"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/armgen/armgen/test/e2e/cluster"
)

// shared is this package's cluster: no CRD is installed by the test harness.
var shared *cluster.Cluster

func TestMain(m *testing.M) {
	ctrl.SetLogger(logr.Discard())
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) { shared = c }))
}

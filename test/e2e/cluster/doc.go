// Package cluster runs a whole Kubernetes control plane inside a test binary: kube-apiserver
// (k8s.io/kubernetes' own test server, every built-in API: Namespaces, Secrets, ConfigMaps,
// Events, Leases, CRDs, RBAC) on an embedded etcd, both on 127.0.0.1 at free ports, with
// nothing downloaded or exec'd. It is what the operator's end-to-end tests reconcile against;
// internal/testapiserver in the main module serves CRDs only, which is enough for the
// generated APIs but not for a controller.
//
// It lives in its own module (test/e2e) so that k8s.io/kubernetes, which pins its staging
// modules through replace directives, stays out of the main module's go.mod.
//
// Costs, measured with k8s.io/kubernetes v1.34.2 on 2 shared cores: the first build of a test
// binary importing this package takes minutes (later ones seconds, from the build cache); a
// cluster starts in seconds. Start one per test binary from TestMain (Main) and share it.
//
// Build without -trimpath: the API server's test fixture finds its serving certificates
// through its source path.
package cluster

// Package testsupport holds what the packages that run a Kubernetes API server inside a test
// binary share: internal/testapiserver (apiextensions only, in this module) and test/e2e (a full
// kube-apiserver, in its own module so that k8s.io/kubernetes stays out of this one's go.mod).
// Both start one server per test binary from TestMain, which has no *testing.T: MainTB stands
// in for it and Main runs the tests around it.
package testsupport

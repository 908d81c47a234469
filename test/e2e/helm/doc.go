// Package helm tests the chart charts/armgen with Helm's Go SDK: it lints, renders as
// `helm template` does and as `armctl export template` does (the two must agree), its objects
// are accepted by a real API server, and the operator runs, against armfake, with the settings
// its Deployment and Secret give it. It lives in the end-to-end module for the API server
// (test/e2e/cluster) and Helm's install action, which the main module does not need.
package helm

// Package manager assembles the operator: a controller-runtime manager with one controller per
// generated kind whose CRD is installed and matched by the CRD pattern, all served by the
// generic reconciler; the conversion webhook; health and readiness probes; leader election and
// metrics. cmd/controller parses flags and settings and runs it; the end-to-end tests run the
// same manager in process.
package manager

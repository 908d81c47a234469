// Package testflags defines the flags every test binary of the module accepts, so that a single
// `go test ./... -update` reaches the golden tests wherever they are (a test binary fails on a
// flag it does not know). Packages with golden files read Update; the others import this
// package for its side effect.
package testflags

import "flag"

// Update asks golden tests to rewrite their golden files from the current output, for review in
// the diff.
var Update = flag.Bool("update", false, "rewrite golden files from the current output (review the diff)")

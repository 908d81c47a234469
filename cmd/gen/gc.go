package main

import "runtime/debug"

// Generation allocates far more than it keeps: the whole corpus allocates many GiB over a run
// while what is live peaks at about 0.7 GiB, so at Go's default GOGC=100 the collector runs
// about thirty times and takes about a quarter of the CPU. Letting the heap grow to three
// times what is live (GOGC=200) halves the collections; the memory limit keeps the whole
// corpus under 2 GiB all the same, the collector working harder only near it.
const (
	defaultGCPercent   = 200
	defaultMemoryLimit = 1800 << 20
)

// tuneGC sets the collector's defaults for a generation, unless GOGC or GOMEMLIMIT (the Go
// runtime's own settings, read at start) say otherwise: those always win.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
}

package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// gcSettings reads the collector's settings without changing them.
func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

func restoreGC(t *testing.T) {
	percent, limit := gcSettings()
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

func TestTuneGCSetsGenerationDefaults(t *testing.T) {
	restoreGC(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	tuneGC(func(string) string { return "" })
	if p, l := gcSettings(); p != defaultGCPercent || l != defaultMemoryLimit {
		t.Fatalf("GOGC=%d GOMEMLIMIT=%d, want %d and %d", p, l, defaultGCPercent, defaultMemoryLimit)
	}
	if defaultMemoryLimit >= 2<<30 {
		t.Fatalf("the memory limit %d MiB is not under the 2 GiB the whole corpus must stay under", defaultMemoryLimit>>20)
	}
}

// GOGC and GOMEMLIMIT in the environment are the user's: the runtime applied them, gen keeps them.
func TestTuneGCLeavesTheEnvironmentsSettings(t *testing.T) {
	restoreGC(t)
	debug.SetGCPercent(50)
	debug.SetMemoryLimit(1 << 30)
	env := map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}
	tuneGC(func(k string) string { return env[k] })
	if p, l := gcSettings(); p != 50 || l != 1<<30 {
		t.Fatalf("GOGC=%d GOMEMLIMIT=%d, want the environment's 50 and 1 GiB", p, l)
	}
}

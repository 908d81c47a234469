package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// stageHeapProfiles returns an observer that, after each stage, collects garbage and writes the
// heap profile to dir as NN-stage.heap: what is live between stages is what every later
// collection must mark again, so it is where the collector's cost of a run is found. The forced
// collections change the run's timings; the profiles are for finding what is held, not for times.
func stageHeapProfiles(dir string, next func(pipeline.Report)) (func(pipeline.Report), error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--memprofile-stages: %w", err)
	}
	var failed error
	return func(r pipeline.Report) {
		if next != nil {
			next(r)
		}
		if failed != nil {
			return
		}
		runtime.GC()
		name := filepath.Join(dir, fmt.Sprintf("%02d-%s.heap", r.Index+1, r.Stage.ID))
		f, err := os.Create(name)
		if err == nil {
			err = pprof.WriteHeapProfile(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			failed = err
			fmt.Fprintf(os.Stderr, "--memprofile-stages: %v (no further profiles)\n", err)
			return
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Fprintf(os.Stderr, "heap after %-24s %7.1f MiB live\n", r.Stage.ID, float64(ms.HeapAlloc)/(1<<20))
	}, nil
}

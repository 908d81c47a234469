package bench_test

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
)

// writeHeapProfile writes the live heap to the file ARMGEN_BENCH_HEAPPROFILE names, if any.
// Taken when everything is Ready (the operator's caches are full), it tells the operator's
// memory from the API server's, etcd's and armfake's in the same process: focus on the stacks
// through sigs.k8s.io/controller-runtime and internal/ (the manager's informers start there).
// go test's -memprofile cannot: it is written once the cluster is gone.
func writeHeapProfile(b *testing.B) {
	path := os.Getenv("ARMGEN_BENCH_HEAPPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	runtime.GC() // the profile reports the heap as of the last collection
	if err := pprof.WriteHeapProfile(f); err != nil {
		b.Fatal(err)
	}
}

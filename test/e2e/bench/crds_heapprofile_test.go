package bench_test

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"testing"
)

// crdHeapProfilesEnv names a folder where BenchmarkCRDInstall writes the live heap at each of
// its readings (empty.pprof, established.pprof, openapi.pprof, listed.pprof), so that what the API server
// builds per CRD can be told apart: `go tool pprof -top -diff_base empty.pprof openapi.pprof`.
const crdHeapProfilesEnv = "ARMGEN_CRD_HEAPPROFILES"

// writeCRDHeapProfile writes the live heap as <stage>.pprof in the folder crdHeapProfilesEnv
// names, if any.
func writeCRDHeapProfile(b *testing.B, stage string) {
	b.Helper()
	dir := os.Getenv(crdHeapProfilesEnv)
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, stage+".pprof"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	runtime.GC() // the profile reports the heap as of the last collection
	if err := pprof.WriteHeapProfile(f); err != nil {
		b.Fatal(err)
	}
}

package bench_test

import (
	"os"
	"runtime/pprof"
	"testing"
)

// startCPUProfile profiles this process's CPU into the file ARMGEN_BENCH_CPUPROFILE names, if
// any, until the returned function is called: from the first create until all is Ready, the
// span the benchmark times. The API server, etcd, armfake and the conversion webhook are in it
// (the manager too when it runs in process). go test's -cpuprofile would take the setup in.
func startCPUProfile(b *testing.B) (stop func()) {
	path := os.Getenv("ARMGEN_BENCH_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		b.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			b.Error(err)
		}
	}
}

package bench_test

import (
	"os"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/armgen/armgen/test/e2e/bench"
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

// startControllerCPUProfile profiles cmd/controller's CPU, when it runs as a process, into
// files named after ARMGEN_BENCH_CONTROLLER_CPUPROFILE (see ProcessOperator.ProfileCPU), over
// the same span as startCPUProfile.
func startControllerCPUProfile(b *testing.B, op operator) (stop func()) {
	prefix := os.Getenv("ARMGEN_BENCH_CONTROLLER_CPUPROFILE")
	p, ok := op.(*bench.ProcessOperator)
	if prefix == "" || !ok {
		return func() {}
	}
	end := p.ProfileCPU(prefix, 5*time.Second)
	return func() {
		if err := end(); err != nil {
			b.Errorf("the controller's CPU profile: %v", err)
		}
	}
}

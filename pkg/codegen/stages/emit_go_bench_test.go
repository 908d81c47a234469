package stages

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// BenchmarkEmitGo times the emit-go stage alone, over the state plan-conversions leaves for the
// repository's configured set, or for the whole corpus with ARMGEN_BENCH_ALL=1. Besides wall
// time per run it reports the process's CPU seconds per run (user+sys, every goroutine and the
// garbage collector), the figure to compare on a machine shared with other work.
func BenchmarkEmitGo(b *testing.B) {
	root := testspecs.Root(b)
	cfg, err := config.Load("../../../azure-arm.yaml")
	if err != nil {
		b.Fatal(err)
	}
	all := os.Getenv("ARMGEN_BENCH_ALL") == "1"
	if all {
		cfg.OutputPackage = "github.com/armgen/armgen-bench/all"
	}
	list, _ := Upto(PlanConversions)
	in := Inputs{Config: cfg, SpecRoot: root, All: all}
	s, err := pipeline.Runner{Stages: list}.Run(context.Background(), in.State())
	if err != nil {
		b.Fatal(err)
	}
	stage := emitGo()
	b.ResetTimer()
	before := cpuTime()
	for range b.N {
		if _, err := stage.Run(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-before).Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the CPU time the process has used so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

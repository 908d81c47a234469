package codegen

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// BenchmarkGenerate measures a full generation of the repository's configuration (the starter
// set): every stage, rendering, and writing the tree into a temporary directory. It reports the
// process's peak resident memory beside the time per generation.
func BenchmarkGenerate(b *testing.B) {
	root := testspecs.Root(b)
	cfg, err := config.Load("../../azure-arm.yaml")
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "generated")
	b.ResetTimer()
	for range b.N {
		if _, err := Generate(context.Background(), Options{Config: cfg, SpecRoot: root, OutputDir: out}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peak-RSS-MiB")
	}
}

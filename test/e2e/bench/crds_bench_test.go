package bench_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// crdDirEnv points BenchmarkCRDInstall at other CRDs than generated/crds: the whole corpus's,
// say, that `make bench-build` writes to bench-out/all/crds.
const crdDirEnv = "ARMGEN_CRD_DIR"

// BenchmarkCRDInstall measures what installing every generated CRD costs the API server: it
// starts the in-process kube-apiserver and etcd, reads this process's heap and RSS, installs the
// CRDs (each served, its conversion webhook set) and waits until all are Established and in
// discovery, then reads them again. The differences are what the API server and etcd keep for
// the CRDs (OpenAPI models, validators, watch caches, stored objects); the process holds nothing
// else that grows meanwhile. Reported: crds, the seconds to establish them, heap-MiB and rss-MiB
// added, and heap-KiB/crd and rss-KiB/crd. Run it with `make bench-crds`.
func BenchmarkCRDInstall(b *testing.B) {
	dir := os.Getenv(crdDirEnv)
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "generated", "crds")
	}
	crds, err := crdcheck.LoadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	n := len(crds)
	c := cluster.Start(b)
	webhook := cluster.ServeConversion(b, c.Scheme)
	// Let the freshly started server finish its own start-up work before the first reading.
	time.Sleep(5 * time.Second)
	heap0 := bench.SettledHeap()
	rss0, err := bench.RSS()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	c.InstallCRDs(b, dir, webhook)
	elapsed := time.Since(start)
	// The server builds some per-CRD state lazily after Established (OpenAPI aggregation);
	// wait for it as a cluster would before reading.
	time.Sleep(10 * time.Second)
	heap1 := bench.SettledHeap()
	rss1, err := bench.RSS()
	if err != nil {
		b.Fatal(err)
	}
	// b.Loop resets the timer, which drops metrics reported before it: report after it.
	for b.Loop() {
		// One installation is the measurement; the loop only satisfies the benchmark runner.
	}
	heap, rss := float64(heap1)-float64(heap0), float64(rss1)-float64(rss0)
	b.ReportMetric(float64(n), "crds")
	b.ReportMetric(elapsed.Seconds(), "s-to-establish")
	b.ReportMetric(heap/(1<<20), "heap-MiB-added")
	b.ReportMetric(rss/(1<<20), "rss-MiB-added")
	b.ReportMetric(heap/float64(n)/1024, "heap-KiB/crd")
	b.ReportMetric(rss/float64(n)/1024, "rss-KiB/crd")
	b.Logf("%d CRDs from %s: established in %s; heap %.0f -> %.0f MiB, RSS %.0f -> %.0f MiB",
		n, dir, elapsed.Round(time.Millisecond), bench.MiB(heap0), bench.MiB(heap1), bench.MiB(rss0), bench.MiB(rss1))
}

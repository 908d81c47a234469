package bench_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// crdDirEnv points BenchmarkCRDInstall at other CRDs than generated/crds: the whole corpus's,
// say, that `make bench-build` writes to bench-out/all/crds.
const crdDirEnv = "ARMGEN_CRD_DIR"

// BenchmarkCRDInstall measures what installing every generated CRD costs the API server: it
// starts the in-process kube-apiserver and etcd, reads the OpenAPI documents once and this
// process's heap and RSS (the empty server), installs the CRDs (each served, its conversion
// webhook set) and waits until all are Established and in discovery, reads heap and RSS again,
// then reads the OpenAPI documents (the first read after a change builds them) and heap and RSS
// a third time, and a fourth after listing every kind once (what the operator's informers ask
// when it starts: the server builds a CRD's storages, watch caches and validators at its first
// request). The differences are what the API server and etcd keep for the CRDs (OpenAPI
// models, validators, watch caches, stored objects); the process holds nothing else that grows
// meanwhile. It prints one line per CRD (versions served, JSON size, time to Established), the
// totals with ratios to the empty server, and last
//
//	crds=N rss_per_crd_mib=X heap_per_crd_mib=Y
//
// with the figures after the OpenAPI read: a cluster anyone has run kubectl explain or apply
// against holds them. Run it with `make bench-apiserver`.
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
	if n == 0 {
		b.Fatalf("no CRDs in %s", dir)
	}
	c := cluster.Start(b)
	webhook := cluster.ServeConversion(b, c.Scheme)
	// Let the freshly started server finish its own start-up work before the first reading.
	time.Sleep(5 * time.Second)
	api0, err := bench.ReadOpenAPI(b.Context(), c.Config)
	if err != nil {
		b.Fatal(err)
	}
	empty := reading(b)
	writeCRDHeapProfile(b, "empty")

	watch, err := bench.WatchEstablished(b.Context(), c.Config)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	c.InstallCRDs(b, dir, webhook)
	elapsed := time.Since(start)
	perCRD, err := watch.Stop()
	if err != nil {
		b.Fatal(err)
	}
	// The server builds some per-CRD state lazily after Established (OpenAPI aggregation);
	// wait for it as a cluster would before reading.
	time.Sleep(10 * time.Second)
	installed := reading(b)
	writeCRDHeapProfile(b, "established")
	api1, err := bench.ReadOpenAPI(b.Context(), c.Config)
	if err != nil {
		b.Fatal(err)
	}
	read := reading(b)
	writeCRDHeapProfile(b, "openapi")
	if err := bench.ListEveryKind(b.Context(), c.Config, crds); err != nil {
		b.Fatal(err)
	}
	listed := reading(b)
	writeCRDHeapProfile(b, "listed")
	// b.Loop resets the timer, which drops metrics reported before it: report after it.
	for b.Loop() {
		// One installation is the measurement; the loop only satisfies the benchmark runner.
	}

	printPerCRD(b, crds, perCRD)
	heapAdded, rssAdded := read.heap-empty.heap, read.rss-empty.rss
	b.ReportMetric(float64(n), "crds")
	b.ReportMetric(elapsed.Seconds(), "s-to-establish")
	b.ReportMetric(heapAdded/(1<<20), "heap-MiB-added")
	b.ReportMetric(rssAdded/(1<<20), "rss-MiB-added")
	b.ReportMetric(heapAdded/float64(n)/1024, "heap-KiB/crd")
	b.ReportMetric(rssAdded/float64(n)/1024, "rss-KiB/crd")
	b.ReportMetric(api1.V2.Seconds(), "s-openapi-v2")
	b.ReportMetric(api1.V3.Seconds(), "s-openapi-v3")

	fmt.Printf("%d CRDs from %s, %.1f MiB of JSON, established in %s\n", n, dir, float64(jsonBytes(crds))/(1<<20), elapsed.Round(time.Millisecond))
	fmt.Printf("%-28s %10s %10s %14s %14s\n", "", "heap MiB", "RSS MiB", "heap/CRD MiB", "RSS/CRD MiB")
	for _, r := range []struct {
		name string
		m    memory
	}{{"empty server", empty}, {"CRDs established", installed}, {"after OpenAPI read", read}, {"after a list of every kind", listed}} {
		fmt.Printf("%-28s %10.0f %10.0f %14.2f %14.2f\n", r.name, r.m.heap/(1<<20), r.m.rss/(1<<20),
			(r.m.heap-empty.heap)/float64(n)/(1<<20), (r.m.rss-empty.rss)/float64(n)/(1<<20))
	}
	fmt.Printf("ratios to the empty server: heap x%.2f, RSS x%.2f (established: heap x%.2f, RSS x%.2f)\n",
		read.heap/empty.heap, read.rss/empty.rss, installed.heap/empty.heap, installed.rss/empty.rss)
	fmt.Printf("first /openapi/v2: %s (%.1f MiB), x%.1f the empty server's %s\n",
		api1.V2.Round(time.Millisecond), float64(api1.V2Bytes)/(1<<20), ratio(api1.V2, api0.V2), api0.V2.Round(time.Millisecond))
	fmt.Printf("first /openapi/v3 (%d group-versions): %s (%.1f MiB), x%.1f the empty server's %s (%d group-versions)\n",
		api1.V3Paths, api1.V3.Round(time.Millisecond), float64(api1.V3Bytes)/(1<<20), ratio(api1.V3, api0.V3), api0.V3.Round(time.Millisecond), api0.V3Paths)
	fmt.Printf("crds=%d rss_per_crd_mib=%.2f heap_per_crd_mib=%.2f\n", n, rssAdded/float64(n)/(1<<20), heapAdded/float64(n)/(1<<20))
}

// memory is one reading of the process: heap in use after a collection, and RSS, in bytes.
type memory struct{ heap, rss float64 }

func reading(b *testing.B) memory {
	b.Helper()
	heap := bench.SettledHeap()
	rss, err := bench.RSS()
	if err != nil {
		b.Fatal(err)
	}
	return memory{heap: float64(heap), rss: float64(rss)}
}

// printPerCRD prints, for each CRD, its versions (served/all), its size as JSON and how long the
// server took from creating it to Established.
func printPerCRD(b *testing.B, crds []*apiextv1.CustomResourceDefinition, established map[string]time.Duration) {
	b.Helper()
	sorted := slices.Clone(crds)
	slices.SortFunc(sorted, func(x, y *apiextv1.CustomResourceDefinition) int {
		switch {
		case x.Name < y.Name:
			return -1
		case x.Name > y.Name:
			return 1
		}
		return 0
	})
	fmt.Printf("%-64s %8s %9s %14s\n", "CRD", "served", "JSON KiB", "established")
	for _, crd := range sorted {
		served := 0
		for _, v := range crd.Spec.Versions {
			if v.Served {
				served++
			}
		}
		took := "not seen"
		if d, ok := established[crd.Name]; ok {
			took = d.Round(time.Millisecond).String()
		}
		fmt.Printf("%-64s %4d/%-3d %9.1f %14s\n", crd.Name, served, len(crd.Spec.Versions), float64(jsonBytes(crd))/1024, took)
	}
}

// jsonBytes is the size of CRDs as JSON, as the API server receives and stores them.
func jsonBytes[T any](v T) int {
	out, _ := json.Marshal(v)
	return len(out)
}

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

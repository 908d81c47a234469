package bench_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// BenchmarkOperator applies the fleet at once to a running operator and waits until all of it
// is Ready, then restarts the operator (a restart lists and reconciles every object, which is
// what a resync is) and waits until each object has been checked against Azure. Setting up
// (cluster, every generated CRD, armfake) is not timed.
func BenchmarkOperator(b *testing.B) {
	root := testspecs.Root(b) // armfake is built from the swagger
	n := *resourcesFlag
	setUpLogging(b)
	samples, err := bench.LoadSamples(filepath.Join("..", "..", "..", "samples"), bench.FleetSamples)
	if err != nil {
		b.Fatal(err)
	}
	groups, err := bench.SampleGroups(samples)
	if err != nil {
		b.Fatal(err)
	}
	setup := time.Now()
	c := cluster.Start(b)
	// Every generated CRD, as an installation has them: the manager then watches every kind,
	// not only the four in play.
	hook := cluster.ServeConversion(b, c.Scheme)
	c.InstallCRDs(b, filepath.Join("..", "..", "..", "generated", "crds"), hook)
	srv := armfake.StartTest(b, armfake.Options{
		SpecRoot: root,
		Groups:   groups,
		LROPolls: 3,
		ForceLRO: true,
		// Azure's habits (display-name locations, re-cased IDs, values the service completes):
		// an unchanged resync must still send no PUT.
		Realistic: true,
		// Fast polls: the operator, not armfake's pacing, is measured.
		RetryAfter: 20 * time.Millisecond,
		// Every request of a round is counted.
		MaxRecorded: max(100_000, 100*n),
	})
	b.Logf("set up in %s: cluster, %d CRDs, armfake with %d resource types", time.Since(setup).Round(time.Millisecond), countCRDs(b), first(srv.ResourceTypes()))

	round := 0
	for _, workers := range concurrencies(b) {
		// A sub-benchmark per setting: its line names N and the workers, and its output (kept
		// to ten lines by the testing package) is the summary alone.
		b.Run(fmt.Sprintf("resources=%d/workers=%d", n, workers), func(b *testing.B) {
			cfg := bench.OperatorConfig{Concurrency: workers, WaitDelay: *waitDelayFlag}
			var last *roundResult
			for b.Loop() {
				last = runRound(b, c, hook, srv, samples, round, n, cfg)
				round++
			}
			last.report(b)
		})
	}
}

func first(a, _ int) int { return a }

func countCRDs(b *testing.B) int {
	matches, err := filepath.Glob(filepath.Join("..", "..", "..", "generated", "crds", "*", "*.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, m := range matches {
		if filepath.Base(m) != "kustomization.yaml" {
			n++
		}
	}
	return n
}

// subscription is a round's own: rounds share armfake but not resources.
func subscription(round int) string { return fmt.Sprintf("00000000-0000-0000-0000-%012d", round+1) }

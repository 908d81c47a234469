package bench_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The benchmark's knobs: flags, defaulting to the environment, so that `make bench-operator`
// takes them from the environment and `go test` from either.
var (
	resourcesFlag   = flag.Int("resources", envInt("ARMGEN_BENCH_RESOURCES", 1000), "resources to reconcile (env ARMGEN_BENCH_RESOURCES)")
	concurrencyFlag = flag.String("concurrency", envString("ARMGEN_BENCH_CONCURRENCY", "8"), "MaxConcurrentReconciles, workers per kind; a comma list runs each in turn (env ARMGEN_BENCH_CONCURRENCY)")
	managerFlag     = flag.String("manager", envString("ARMGEN_BENCH_MANAGER", "process"), "process: run cmd/controller as its own process, so its memory is measured apart; inprocess: run the manager in the benchmark's process (env ARMGEN_BENCH_MANAGER)")
	waitDelayFlag   = flag.Duration("wait-delay", envDuration("ARMGEN_BENCH_WAIT_DELAY", 0), "the reconciler's WaitDelay; 0 keeps its default (env ARMGEN_BENCH_WAIT_DELAY)")
)

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// concurrencies parses -concurrency.
func concurrencies(b *testing.B) []int {
	var out []int
	for item := range strings.SplitSeq(*concurrencyFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(item))
		if err != nil || n <= 0 {
			b.Fatalf("-concurrency %q: want positive integers separated by commas", *concurrencyFlag)
		}
		out = append(out, n)
	}
	return out
}

func envInt(name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		panic(fmt.Sprintf("%s=%q: want a positive integer", name, v))
	}
	return n
}

func envDuration(name string, def time.Duration) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		panic(fmt.Sprintf("%s=%q: want a duration such as 2s", name, v))
	}
	return d
}

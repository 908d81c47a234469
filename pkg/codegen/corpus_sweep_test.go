package codegen

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestCorpusSweep takes every provider of the spec root through loading, discovery and the type
// graph (the newest api-version of every resource type, as --all does). Nothing may panic, the
// run must succeed, and every skipped resource must say why.
func TestCorpusSweep(t *testing.T) {
	t.Parallel() // minutes in go subprocesses or one-core stages, writing only folders of its own: beside the other slow tests, not after them
	if testing.Short() {
		t.Skip("sweeps the whole corpus")
	}
	root := testspecs.Root(t)
	cfg, err := config.Parse("sweep.yaml", []byte("objectModelConfiguration: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Config: cfg, SpecRoot: root, All: true, StopAfter: "plan-conversions"})
	if err != nil {
		t.Fatal(err)
	}
	cov := res.Coverage
	d, g, s := cov.Totals()
	t.Logf("%d resources discovered, %d generated, %d skipped", d, g, s)
	for _, r := range cov.Reasons() {
		t.Logf("%4d  %s", r.Count, r.Reason)
	}
	for _, p := range cov.Providers {
		for _, sk := range p.Skipped {
			if strings.TrimSpace(sk.Reason) == "" {
				t.Errorf("%s: %s skipped without a reason", p.Namespace, sk.Resource)
			}
			if strings.Contains(sk.Reason, "internal error") {
				t.Errorf("%s: %s: %s", p.Namespace, sk.Resource, sk.Reason)
			}
		}
	}
	if g < 1300 {
		t.Errorf("only %d resources generated; the corpus has over 1300 that should be", g)
	}
}

package audit_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/config"
)

const recursionFile = "recursion/resource-manager/Microsoft.Recursion/stable/2021-01-01/recursion.json"

// TestAuditRecursionCutIsExcludedByRule generates two resources sharing a recursive pair of
// types (Pool lists Configurations, each Configuration lists Pools). Walking Alpha first, the
// cycle breaker points Configuration.pools at Pool's unrolled copy, which leaves out
// Pool.configurations; Beta reaches Pool only through that copy. The cut loses the deeper
// levels by design (a CRD schema cannot recurse), so the audit must account for it as
// excluded by the rule recursion, named by the copy's provenance, not report it lost and
// not pass it unnamed.
func TestAuditRecursionCutIsExcludedByRule(t *testing.T) {
	cfg, err := config.Load(filepath.Join("testdata", "recursion.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := codegen.Generate(context.Background(), codegen.Options{Config: cfg, OutputDir: filepath.Join(t.TempDir(), "generated"), Audit: true})
	if res == nil || res.Audit == nil {
		t.Fatalf("no audit: %v", err)
	}
	if err != nil {
		t.Errorf("generate: %v", err)
	}
	src := recursionFile + "#/definitions/Pool/properties/configurations"
	for _, side := range []audit.Side{audit.Spec, audit.Status} {
		var rows []audit.Row
		for _, row := range res.Audit.Rows {
			if row.Side == side && row.Source == src && strings.HasPrefix(row.Resource, "recursion/v1api20210101/Beta") {
				rows = append(rows, row)
			}
		}
		if len(rows) != 1 {
			t.Fatalf("Beta %s: want one row for %s, got %v", side, src, rows)
		}
		row := rows[0]
		t.Logf("Beta %s %s: %s %s", side, row.Wire, row.Outcome, row.Rule)
		if row.Outcome != audit.Excluded || !strings.HasPrefix(row.Rule, "recursion:") {
			t.Errorf("Beta %s %s: %s (%s), want excluded by rule recursion", side, row.Wire, row.Outcome, row.Rule)
		}
	}
	if n := res.Audit.Count(audit.Unaccounted); n != 0 {
		t.Errorf("unaccounted=%d: %v", n, res.Audit.Unaccounted())
	}
}

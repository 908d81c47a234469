package audit_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/config"
)

const lossesFile = "losses/resource-manager/Microsoft.Losses/stable/2021-01-01/losses.json"

// TestAuditNeverPassesALostValue generates the losses fixture, which holds values issue 26 found
// lost (finding 1: a property named owner in spec and conditions in status; finding 7: keys
// beside properties; finding 8: properties.type lifted beside type). Each must either be in the
// final graph where the audit says, or be reported unaccounted, with its file and JSON pointer,
// by a run that then writes nothing; or the generator refuses the input with a located error.
// gen --audit never passes a lost value.
func TestAuditNeverPassesALostValue(t *testing.T) {
	cfg, err := config.Load(filepath.Join("testdata", "losses.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "generated")
	res, err := codegen.Generate(context.Background(), codegen.Options{Config: cfg, OutputDir: out, Audit: true})
	if res == nil && err != nil {
		// Refusing the input (a located error suggesting a fix) loses nothing silently either.
		t.Logf("the generator refuses the fixture: %v", err)
		return
	}
	if res == nil || res.Audit == nil {
		t.Fatalf("no audit: %v", err)
	}
	var aerr *audit.Error
	for _, c := range []struct {
		side    audit.Side
		pointer string
	}{
		{audit.Spec, "/definitions/ThingProperties/properties/owner"},
		{audit.Status, "/definitions/ThingProperties/properties/conditions"},
		{audit.Spec, "/definitions/Criteria/additionalProperties"},
		{audit.Status, "/definitions/Criteria/additionalProperties"},
		{audit.Status, "/definitions/ThingProperties/properties/type"},
	} {
		src := lossesFile + "#" + c.pointer
		row, ok := find(res.Audit, c.side, src)
		if !ok {
			t.Errorf("the audit has no %s row for %s", c.side, src)
			continue
		}
		t.Logf("%s %s: %s %s %s", c.side, row.Wire, row.Outcome, row.Path, row.Rule)
		switch row.Outcome {
		case audit.Unaccounted:
			if !errors.As(err, &aerr) || !strings.Contains(err.Error(), src) {
				t.Errorf("%s is unaccounted but the run's error does not name it: %v", src, err)
			}
		case audit.Excluded:
			t.Errorf("%s %s is excused by %q: no rule drops it", c.side, src, row.Rule)
		default:
			if !inGraph(res.Definitions, src) {
				t.Errorf("the audit puts %s at %s, but no property of the graph comes from it", src, row.Path)
			}
		}
	}
	if errors.As(err, &aerr) {
		if _, serr := os.Stat(out); !os.IsNotExist(serr) {
			t.Errorf("a failed audit wrote %s", out)
		}
	} else if err != nil {
		t.Fatal(err)
	}
}

func find(rep *audit.Report, side audit.Side, src string) (audit.Row, bool) {
	for _, row := range rep.Rows {
		if row.Side == side && row.Source == src {
			return row, true
		}
	}
	return audit.Row{}, false
}

func inGraph(defs astmodel.Definitions, src string) bool {
	for _, d := range defs {
		if obj, ok := d.Type.(*astmodel.ObjectType); ok && d.Name.Package.IsAPIVersion() {
			for _, p := range obj.Properties() {
				if p.Source == src {
					return true
				}
			}
		}
	}
	return false
}

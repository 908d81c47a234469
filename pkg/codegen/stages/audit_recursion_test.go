package stages

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
)

// TestAuditNamesRecursionCuts removes from the widgets case's whole graph every property an
// _Unrolled copy leaves out, and erases the record of the cut (Origin.LeftOut): the audit reports
// those properties unaccounted, and the likely cause says recursion (they lead back to an object
// they are declared in), not another stage's guess. The recorded cut, excluded by the rule
// recursion, is TestAuditRecursionCutIsExcludedByRule in package audit.
func TestAuditNamesRecursionCuts(t *testing.T) {
	s := auditedState(t, "widgets")
	defs := s.Definitions()
	cut := make(map[string]bool)
	for _, d := range defs {
		if d.Origin.Derivation == astmodel.Unrolled {
			for _, p := range d.Origin.LeftOut {
				cut[p.Source] = true
			}
		}
	}
	if len(cut) == 0 {
		t.Fatal("the widgets case's unrolled copies record no cut")
	}
	erased := defs
	for _, d := range defs {
		obj, ok := d.Type.(*astmodel.ObjectType)
		if !ok {
			continue
		}
		for _, p := range obj.Properties() {
			if cut[p.Source] {
				obj = obj.WithoutProperty(p.Name)
			}
		}
		e := d.WithType(obj)
		e.Origin.LeftOut = nil
		erased = erased.With(e)
	}
	rows := 0
	for _, row := range runAudit(t, s.WithDefinitions(erased)).Rows {
		if cut[row.Source] {
			rows++
			if row.Outcome != audit.Unaccounted || !strings.HasPrefix(row.Rule, audit.Recursion+":") {
				t.Errorf("unrecorded cut %s %s: %s (%s), want unaccounted with likely cause recursion", row.Side, row.Wire, row.Outcome, row.Rule)
			}
		}
	}
	if rows == 0 {
		t.Fatal("no audit row for a cut property")
	}
}

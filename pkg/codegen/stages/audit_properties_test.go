package stages

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// auditedState runs the audited pipeline of a golden case up to check-names and the audit after
// it: the audit reads the swagger the exports point into, which the stages keep only for a
// pipeline that has a later reader of the corpus.
func auditedState(t *testing.T, name string) pipeline.State {
	t.Helper()
	cfg := loadCase(t, name)
	list, _ := Upto(CheckNames)
	list = Audited(list)
	in := Inputs{Config: cfg, SpecRoot: cfg.ResolvePath(cfg.SpecRoot)}
	s, err := pipeline.Runner{Stages: list}.Run(context.Background(), in.State())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runAudit(t *testing.T, s pipeline.State) *audit.Report {
	t.Helper()
	out, err := auditProperties().Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return mustGet(t, out, auditReportKey)
}

// TestAuditReportsEveryDroppedProperty drops, one declaration at a time, every swagger property
// of the golden cases' final API types (from every type that holds it: spec, status, unrolled
// copies) and checks that each row the audit had accounted for it turns unaccounted, with its
// file and JSON pointer, and no other row changes: a stage that lost it could not hide it.
func TestAuditReportsEveryDroppedProperty(t *testing.T) {
	for _, name := range []string{"widgets", "routes", "cachelite"} {
		t.Run(name, func(t *testing.T) {
			s := auditedState(t, name)
			before := runAudit(t, s)
			if before.Count(audit.Unaccounted) != 0 {
				t.Fatalf("the golden case loses properties before any is dropped: %v", before.Unaccounted())
			}
			defs := s.Definitions()
			var sources []string
			seen := make(map[string]bool)
			for _, d := range defs.Sorted() {
				if obj, ok := d.Type.(*astmodel.ObjectType); ok && d.Name.Package.IsAPIVersion() {
					for _, p := range obj.Properties() {
						// Only swagger properties; azureName's source is the PUT path's name parameter.
						if strings.Contains(p.Source, "/properties/") && !seen[p.Source] {
							seen[p.Source] = true
							sources = append(sources, p.Source)
						}
					}
				}
			}
			if len(sources) < 20 {
				t.Fatalf("only %d swagger properties in the case's graph", len(sources))
			}
			for _, src := range sources {
				dropped := defs
				for _, d := range defs {
					obj, ok := d.Type.(*astmodel.ObjectType)
					if !ok || !d.Name.Package.IsAPIVersion() {
						continue
					}
					for _, p := range obj.Properties() {
						if p.Source == src {
							obj = obj.WithoutProperty(p.Name)
						}
					}
					dropped = dropped.With(d.WithType(obj))
				}
				after := runAudit(t, s.WithDefinitions(dropped))
				changed := 0
				for i, row := range before.Rows {
					got := after.Rows[i]
					switch {
					case row.Source == src && row.Outcome != audit.Excluded:
						changed++
						if got.Outcome != audit.Unaccounted {
							t.Errorf("dropped %s: %s %s %s is %s, want unaccounted", src, row.Resource, row.Side, row.Wire, got.Outcome)
						}
					case row.Source != src && got.Outcome != row.Outcome && !strings.HasPrefix(got.Rule, "inside-lost") && !strings.HasPrefix(got.Rule, "not-lifted"):
						// Only what was inside it, or the envelope it was the last lifted property of, may follow.
						t.Errorf("dropped %s: %s %s %s went from %s to %s", src, row.Resource, row.Side, row.Wire, row.Outcome, got.Outcome)
					}
				}
				if changed == 0 {
					t.Errorf("dropped %s, which no accounted row names", src)
				}
			}
		})
	}
}

// TestAuditedPutsTheAuditAfterCheckNames: the audit reads the checked graph, and runs only when asked.
func TestAuditedPutsTheAuditAfterCheckNames(t *testing.T) {
	ids := IDs(Audited(All()))
	i := slices.Index(ids, AuditProperties)
	if i < 1 || ids[i-1] != CheckNames || len(ids) != len(All())+1 {
		t.Fatalf("Audited(All()) = %v", ids)
	}
	if slices.Contains(IDs(All()), AuditProperties) {
		t.Fatalf("All() audits without being asked: %v", IDs(All()))
	}
}

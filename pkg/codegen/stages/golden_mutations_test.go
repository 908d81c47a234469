package stages

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/internal/testflags"
	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// TestGoldensCatchBrokenRules proves that the stage goldens guard the stages' rules: each row
// replaces one stage by a variant that breaks one of its rules, built around the real stage, and
// expects the comparison with the stage's golden to fail, at a line the rule decides. A golden
// that let such a variant pass would be reviewed, not tested.
func TestGoldensCatchBrokenRules(t *testing.T) {
	if *testflags.Update {
		t.Skip("the goldens are being rewritten; compare against them on the next run")
	}
	const (
		api     = "widgets/v1api20210101"
		storage = "widgets/v1api20210101/storage"
	)
	cases := []struct {
		stage string
		// rule is the rule the variant breaks.
		rule   string
		broken func(real pipeline.Stage) pipeline.Stage
		// line is (part of) a line of definition pkg.def that the rule decides: present in the
		// golden and absent from the broken output, or the reverse when inGolden is false. The
		// diff must show it.
		pkg, def, line string
		inGolden       bool
	}{
		{
			stage:  SplitSpecStatus,
			rule:   "a spec leaves read-only properties out",
			broken: withInput(clearReadOnly),
			pkg:    api, def: "Widget_Spec", line: "SerialNumber serialNumber:", inGolden: false,
		},
		{
			stage:  ApplyConfig,
			rule:   "$isSecret makes a property a secret",
			broken: withOutput(forgetConfiguredSecrets),
			pkg:    api, def: "WidgetEndpoint", line: "secret-by=config", inGolden: true,
		},
		{
			stage:  BreakCycles,
			rule:   "a property that leads back to a type being described points at its _Unrolled copy",
			broken: func(real pipeline.Stage) pipeline.Stage { return withRun(real, passThrough) },
			pkg:    api, def: "Rule", line: "Children children: []Rule_Unrolled", inGolden: true,
		},
		{
			stage:  CreateStorageTypes,
			rule:   "every storage object carries a property bag",
			broken: withOutput(dropPropertyBags),
			pkg:    storage, def: "Widget_Spec", line: "PropertyBag " + astmodel.PropertyBagJSONName + ":", inGolden: true,
		},
	}
	for _, c := range cases {
		t.Run(c.stage, func(t *testing.T) {
			cfg := loadCase(t, "widgets")
			list, ok := Upto(c.stage)
			if !ok {
				t.Fatalf("no stage %q", c.stage)
			}
			list[len(list)-1] = c.broken(list[len(list)-1])
			s, err := runStages(cfg, list, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := dumpState(s)
			if err != nil {
				t.Fatal(err)
			}
			golden, err := readGolden(c.stage, "widgets")
			if err != nil {
				t.Fatal(err)
			}
			diff, err := goldenDiff(c.stage, "widgets", got)
			if err != nil {
				t.Fatal(err)
			}
			if diff == "" {
				t.Fatalf("the golden of %s does not catch a variant that breaks %q", c.stage, c.rule)
			}
			if !strings.Contains(diff, c.line) {
				t.Errorf("breaking %q changed the golden of %s, but the diff does not show %q:\n%s", c.rule, c.stage, c.line, diff)
			}
			want, broken := definitionBlock(golden, c.pkg, c.def), definitionBlock(got, c.pkg, c.def)
			if want == "" {
				t.Fatalf("the golden of %s has no %s.%s; choose another witness of %q", c.stage, c.pkg, c.def, c.rule)
			}
			if strings.Contains(want, c.line) != c.inGolden || strings.Contains(broken, c.line) == c.inGolden {
				t.Errorf("breaking %q should change %q in %s.%s; golden:\n%s\nbroken:\n%s", c.rule, c.line, c.pkg, c.def, want, broken)
			}
		})
	}
}

func withRun(real pipeline.Stage, run func(ctx context.Context, s pipeline.State) (pipeline.State, error)) pipeline.Stage {
	real.Run = run
	return real
}

func passThrough(_ context.Context, s pipeline.State) (pipeline.State, error) { return s, nil }

// withInput runs the real stage on altered definitions: the stage as it would be if it ignored
// what the alteration removes.
func withInput(alter func(astmodel.Definitions) astmodel.Definitions) func(pipeline.Stage) pipeline.Stage {
	return func(real pipeline.Stage) pipeline.Stage {
		return withRun(real, func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			return real.Run(ctx, s.WithDefinitions(alter(s.Definitions())))
		})
	}
}

// withOutput alters the definitions the real stage produced, keeping the rest of its state (the
// settings it consumed above all, or check-config-consumed would catch the variant before any
// golden could).
func withOutput(alter func(astmodel.Definitions) astmodel.Definitions) func(pipeline.Stage) pipeline.Stage {
	return func(real pipeline.Stage) pipeline.Stage {
		return withRun(real, func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
			next, err := real.Run(ctx, s)
			if err != nil {
				return next, err
			}
			return next.WithDefinitions(alter(next.Definitions())), nil
		})
	}
}

// mapObjects returns defs with every object of the definitions keep selects rewritten by fn.
func mapObjects(defs astmodel.Definitions, keep func(astmodel.Definition) bool, fn func(*astmodel.ObjectType) *astmodel.ObjectType) astmodel.Definitions {
	var changed []astmodel.Definition
	for _, d := range defs {
		if o, ok := d.Type.(*astmodel.ObjectType); ok && keep(d) {
			changed = append(changed, d.WithType(fn(o)))
		}
	}
	return defs.With(changed...)
}

func everyDefinition(astmodel.Definition) bool { return true }

// mapProperties rewrites every property of every object.
func mapProperties(defs astmodel.Definitions, fn func(*astmodel.Property) *astmodel.Property) astmodel.Definitions {
	return mapObjects(defs, everyDefinition, func(o *astmodel.ObjectType) *astmodel.ObjectType {
		props := make([]*astmodel.Property, len(o.Properties()))
		for i, p := range o.Properties() {
			props[i] = fn(p)
		}
		return o.WithOnlyProperties(props)
	})
}

func clearReadOnly(defs astmodel.Definitions) astmodel.Definitions {
	return mapProperties(defs, func(p *astmodel.Property) *astmodel.Property {
		c := p.Copy()
		c.ReadOnly = false
		return c
	})
}

// forgetConfiguredSecrets undoes what $isSecret did, as an apply-config that ignored it would.
func forgetConfiguredSecrets(defs astmodel.Definitions) astmodel.Definitions {
	return mapProperties(defs, func(p *astmodel.Property) *astmodel.Property {
		if p.Provenance.Secret != astmodel.ByConfig {
			return p
		}
		c := p.Copy()
		c.Secret, c.Provenance.Secret = false, ""
		return c
	})
}

func dropPropertyBags(defs astmodel.Definitions) astmodel.Definitions {
	isTwin := func(d astmodel.Definition) bool { return d.Origin.Derivation == astmodel.StorageTwin }
	return mapObjects(defs, isTwin, func(o *astmodel.ObjectType) *astmodel.ObjectType {
		if bag, ok := o.PropertyBag(); ok {
			return o.WithoutProperty(bag.Name)
		}
		return o
	})
}

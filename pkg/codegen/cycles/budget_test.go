package cycles

import (
	"context"
	"fmt"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// bigRecursiveUnion is a Data Factory-like pipeline: Activity is a union of many leaf variants
// and of control variants that hold activities again (ForEach, IfCondition's two branches).
func bigRecursiveUnion(leaves, fields int) astmodel.Definitions {
	var variants []*astmodel.Property
	var defs []astmodel.Definition
	for i := range leaves {
		var props []*astmodel.Property
		for j := range fields {
			props = append(props, prop(fmt.Sprintf("F%d", j), astmodel.StringType))
		}
		name := fmt.Sprintf("Leaf%d", i)
		defs = append(defs, object(name, props...))
		variants = append(variants, &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: ptr(name), Variant: true})
	}
	defs = append(defs,
		object("ForEach", prop("Activities", list("Activity"))),
		object("IfCondition", prop("IfTrue", list("Activity")), prop("IfFalse", list("Activity"))),
		object("Widget_Spec", prop("Activities", list("Activity"))),
	)
	for _, v := range []string{"ForEach", "IfCondition"} {
		variants = append(variants, &astmodel.Property{Name: v, JSONName: astmodel.JSONName(v), Type: ptr(v), Variant: true})
	}
	union := astmodel.NewObjectType(variants...)
	union.OneOf, union.Discriminator = true, "type"
	return model(append(defs, astmodel.Definition{Name: tn("Activity"), Type: union})...)
}

// TestBreakLargeRecursiveUnionKeepsJSON: an _Unrolled copy of a large union, inlined by the CRD at
// every recursive property, multiplied Data Factory's pipeline CRD to 13.5 MB. Past the budget
// the recursive properties hold JSON instead, marked so in their provenance, and the spec's
// schema is the union once.
func TestBreakLargeRecursiveUnionKeepsJSON(t *testing.T) {
	in := bigRecursiveUnion(40, 40)
	once := inlinedSize(in, tn("Activity"), 1<<30)
	if once <= UnrolledBudget {
		t.Fatalf("the fixture's union has %d nodes, not over the budget %d", once, UnrolledBudget)
	}
	out, err := Break(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out[astmodel.UnrolledName(tn("Activity"))]; ok {
		t.Error("an over-budget _Unrolled copy of Activity was kept")
	}
	for _, at := range []struct{ obj, prop string }{{"ForEach", "Activities"}, {"IfCondition", "IfTrue"}, {"IfCondition", "IfFalse"}} {
		p, ok := out[tn(at.obj)].Type.(*astmodel.ObjectType).Property(at.prop)
		if !ok {
			t.Fatalf("%s.%s is gone", at.obj, at.prop)
		}
		if want := (astmodel.ArrayType{Element: astmodel.JSONType}); p.Type.String() != want.String() || p.Provenance.JSON != astmodel.ByCycleDepth {
			t.Errorf("%s.%s is %v (provenance %q), want %v by %q", at.obj, at.prop, p.Type, p.Provenance.JSON, want, astmodel.ByCycleDepth)
		}
	}
	if got := inlinedSize(out, tn("Widget_Spec"), 1<<30); got > once+10 {
		t.Errorf("the spec inlines %d nodes, want about one Activity (%d)", got, once)
	}
}

// TestBreakSmallRecursiveUnionIsUnrolled: under the budget the copy is kept, as before.
func TestBreakSmallRecursiveUnionIsUnrolled(t *testing.T) {
	out, err := Break(context.Background(), bigRecursiveUnion(3, 3))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := out[tn("ForEach")].Type.(*astmodel.ObjectType).Property("Activities")
	if want := list("Activity_Unrolled"); p.Type.String() != want.String() || p.Provenance.JSON != "" {
		t.Errorf("ForEach.Activities is %v, want %v", p.Type, want)
	}
}

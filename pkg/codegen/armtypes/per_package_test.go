package armtypes

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// versions makes one resource per API version, spec and status each with a nested object; with
// shared set, the first version's spec also reaches an object of the last version.
func versions(n int, shared bool) astmodel.Definitions {
	defs := astmodel.Definitions{}
	pkgs := make([]astmodel.PackageReference, n)
	for i := range pkgs {
		pkgs[i] = astmodel.MakeAPIPackage("example.com/api", "widget", fmt.Sprintf("v1api2020%02d01", i+1))
	}
	for i, p := range pkgs {
		inner := p.TypeName("Inner")
		spec, status := p.TypeName("Widget_Spec"), p.TypeName("Widget_STATUS")
		innerRef := inner
		if shared && i == 0 {
			innerRef = pkgs[n-1].TypeName("Inner")
		}
		defs = defs.With(
			astmodel.Definition{Name: inner, Type: astmodel.NewObjectType(&astmodel.Property{Name: "Size", JSONName: "size", ARMName: "size", Type: astmodel.OptionalType{Element: astmodel.IntType}})},
			astmodel.Definition{Name: spec, Type: astmodel.NewObjectType(&astmodel.Property{Name: "Inner", JSONName: "inner", ARMName: "inner", Type: astmodel.OptionalType{Element: innerRef}})},
			astmodel.Definition{Name: status, Type: astmodel.NewObjectType(&astmodel.Property{Name: "Inner", JSONName: "inner", ARMName: "inner", Type: astmodel.OptionalType{Element: inner}})},
			astmodel.Definition{Name: p.TypeName("Widget"), Type: &astmodel.ResourceType{Spec: spec, Status: status}},
		)
	}
	return defs
}

func serialDerive(t *testing.T, defs astmodel.Definitions) (astmodel.Definitions, *astmodel.ARMPlan) {
	b := newBuilder(defs)
	if err := b.resources(defs.Resources()); err != nil {
		t.Fatal(err)
	}
	out, plan, _ := b.result()
	return out, plan
}

// defsText writes definitions as the pipeline's state dumps do, so that two results compare by
// content, not by pointer.
func defsText(t *testing.T, defs astmodel.Definitions) string {
	var buf bytes.Buffer
	if err := pipeline.Dump(&buf, pipeline.NewState().WithDefinitions(defs)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func planText(t *testing.T, p *astmodel.ARMPlan) string {
	var buf bytes.Buffer
	if err := p.Dump(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// The wire types were derived on one core, resource after resource; API versions share no
// objects, so each is derived apart, in parallel, and the merge is the serial result exactly.
func TestDeriveSplitsByPackageAndMatchesSerial(t *testing.T) {
	defs := versions(4, false)
	if _, ok := derivePerPackage(defs); !ok {
		t.Fatal("four independent API versions were not derived per package")
	}
	got, gotPlan, err := Derive(defs)
	if err != nil {
		t.Fatal(err)
	}
	want, wantPlan := serialDerive(t, defs)
	if diff := cmp.Diff(defsText(t, want), defsText(t, got)); diff != "" {
		t.Errorf("definitions differ from the serial walk (-serial +per package):\n%s", diff)
	}
	if diff := cmp.Diff(planText(t, wantPlan), planText(t, gotPlan)); diff != "" {
		t.Errorf("plan differs from the serial walk (-serial +per package):\n%s", diff)
	}
}

// An object reached from two packages takes its side from whichever walked it first: apart,
// both would plan it, so Derive must fall back to the serial walk.
func TestDeriveFallsBackWhenPackagesShareAnObject(t *testing.T) {
	defs := versions(3, true)
	if _, ok := derivePerPackage(defs); ok {
		t.Fatal("packages sharing an object were derived apart")
	}
	got, gotPlan, err := Derive(defs)
	if err != nil {
		t.Fatal(err)
	}
	want, wantPlan := serialDerive(t, defs)
	if diff := cmp.Diff(defsText(t, want), defsText(t, got)); diff != "" {
		t.Errorf("definitions differ from the serial walk:\n%s", diff)
	}
	if planText(t, wantPlan) != planText(t, gotPlan) {
		t.Error("plan differs from the serial walk")
	}
}

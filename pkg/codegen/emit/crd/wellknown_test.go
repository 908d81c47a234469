package crd

import (
	"encoding/json"
	"github.com/armgen/armgen/internal/testflags"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/internal/controllertools"
	"github.com/armgen/armgen/pkg/astmodel"
)

var update = testflags.Update

// TestWellKnownSchemas checks that wellknown.json is what controller-tools derives from the
// genruntime sources today, so the CRDs we emit describe those types exactly.
func TestWellKnownSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks genruntime")
	}
	sess, err := controllertools.Load(astmodel.GenRuntimePackage.Path, astmodel.ConditionsPackage.Path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string]apiextv1.JSONSchemaProps)
	for _, n := range WellKnownTypes {
		s, err := sess.FlattenedSchema(n.Package.Path, n.Name)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		got[n.String()] = s
	}
	if *update {
		data, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("wellknown.json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var want map[string]apiextv1.JSONSchemaProps
	if err := json.Unmarshal(wellKnownJSON, &want); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("wellknown.json is stale (-file +controller-tools); run with -update:\n%s", d)
	}
}

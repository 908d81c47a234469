package codegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCanvasesKeepEveryValueOnTheWire generates the canvases case (shapes that used to lose
// values, issue 26) into a scratch package and runs wire tests against the generated code: what
// a spec sends and what a GET returns survive ConvertToARM, JSON and PopulateFromARM. Each
// subtest names the finding it holds.
func TestCanvasesKeepEveryValueOnTheWire(t *testing.T) {
	t.Parallel() // minutes in go subprocesses or one-core stages, writing only folders of its own: beside the other slow tests, not after them
	dir, goTool := generateScratchCase(t, "canvases")
	pkgDir := filepath.Join(dir, "canvases", "v1api20220101")
	if err := os.WriteFile(filepath.Join(pkgDir, "issue26_wire_test.go"), []byte(canvasesWireTest), 0o644); err != nil {
		t.Fatal(err)
	}
	// -vet=off: the generated code is the canvases golden case, which
	// TestGoldenCasesPassTheirGeneratedTests vets.
	cmd := exec.Command(goTool, "test", "-count=1", "-vet=off", "-v", "-run", "TestWire", "./"+filepath.ToSlash(pkgDir))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the wire tests fail on the generated code: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "--- SKIP") {
		t.Errorf("wire tests were skipped:\n%s", out)
	}
}

// canvasesWireTest runs inside the generated package.
const canvasesWireTest = `package v1api20220101

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/genruntime"
)

func toWire(t *testing.T, spec *Board_Spec) map[string]any {
	t.Helper()
	w, err := spec.ConvertToARM(genruntime.ConvertToARMResolvedDetails{Name: "b1"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func fromWire[T genruntime.FromARMConverter](t *testing.T, body string, into T) T {
	t.Helper()
	w := into.NewEmptyARMValue()
	if err := json.Unmarshal([]byte(body), w); err != nil {
		t.Fatalf("decoding %s: %v", body, err)
	}
	if err := into.PopulateFromARM(genruntime.ArbitraryOwnerReference{}, w); err != nil {
		t.Fatal(err)
	}
	return into
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Finding 3: a variant nested in the _Unrolled copy of a recursive union goes on the wire as
// the variant with its discriminator, and reads back.
func TestWireNestedVariant(t *testing.T) {
	size := 3
	spec := &Board_Spec{Layout: &Node{Group: &Group{Kind: Node_Kind_Group_Group, Children: []Node_Unrolled{{Leaf: &Leaf{Kind: Node_Kind_Leaf_Leaf, Size: &size}}}}}}
	got := asJSON(t, toWire(t, spec)["properties"].(map[string]any)["layout"])
	if want := ` + "`" + `{"children":[{"kind":"Leaf","size":3}],"kind":"Group"}` + "`" + `; got != want {
		t.Errorf("layout on the wire = %s, want %s", got, want)
	}
	back := fromWire(t, ` + "`" + `{"properties":{"layout":{"kind":"Group","children":[{"kind":"Leaf","size":3}]}}}` + "`" + `, &Board_Spec{})
	if d := cmp.Diff(spec.Layout, back.Layout); d != "" {
		t.Errorf("layout read back (-sent +read):\n%s", d)
	}
}

// Finding 4: a GET whose discriminators are re-cased, or name a variant this version does not
// know, still reads: re-cased values as the declared variant, unknown ones kept whole.
func TestWireReportedVariants(t *testing.T) {
	body := ` + "`" + `{"properties":{"layout":{"kind":"group","children":[{"kind":"LEAF","size":1},{"kind":"Group","children":[]},{"kind":"Star","points":5}]}}}` + "`" + `
	status := fromWire(t, body, &Board_STATUS{})
	g := status.Layout.Group
	if g == nil || g.Kind != Node_Kind_Group_STATUS_Group {
		t.Fatalf("layout = %s, want the Group variant spelt Group", asJSON(t, status.Layout))
	}
	if len(g.Children) != 3 || g.Children[0].Leaf == nil || g.Children[0].Leaf.Kind != Node_Kind_Leaf_STATUS_Leaf {
		t.Fatalf("children = %s, want a Leaf first", asJSON(t, g.Children))
	}
	for i, want := range []string{` + "`" + `{"kind":"Group","children":[]}` + "`" + `, ` + "`" + `{"kind":"Star","points":5}` + "`" + `} {
		other := g.Children[i+1].OtherVariant
		if other == nil || string(other.Raw) != want {
			t.Errorf("child %d = %s, want %s kept in otherVariant", i+1, asJSON(t, g.Children[i+1]), want)
		}
	}
	w, err := status.ConvertToARM(genruntime.ConvertToARMResolvedDetails{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := asJSON(t, w), ` + "`" + `{"properties":{"layout":{"children":[{"kind":"Leaf","size":1},{"kind":"Group","children":[]},{"kind":"Star","points":5}],"kind":"Group"}}}` + "`" + `; got != want {
		t.Errorf("written back as %s, want %s", got, want)
	}
	// A spec cannot hold a variant it does not describe: decoding says which value.
	var spec Board_Spec
	err = json.Unmarshal([]byte(` + "`" + `{"properties":{"layout":{"kind":"Star"}}}` + "`" + `), spec.NewEmptyARMValue())
	var unknown *genruntime.UnknownVariantError
	if !errors.As(err, &unknown) || unknown.Value != "Star" {
		t.Errorf("decoding an unknown spec variant: %v, want an UnknownVariantError naming Star", err)
	}
}

// Finding 7: keys beyond an object's declared properties survive both directions, inline on
// the wire.
func TestWireExtraKeys(t *testing.T) {
	body := ` + "`" + `{"properties":{"criteria":{"metricName":"cpu","threshold":2,"dimension":"host","window":{"minutes":5}}}}` + "`" + `
	spec := fromWire(t, body, &Board_Spec{})
	want := map[string]apiextv1.JSON{"dimension": {Raw: []byte(` + "`" + `"host"` + "`" + `)}, "window": {Raw: []byte(` + "`" + `{"minutes":5}` + "`" + `)}}
	if d := cmp.Diff(want, spec.Criteria.AdditionalProperties); d != "" {
		t.Errorf("extra keys read (-want +got):\n%s", d)
	}
	got := toWire(t, spec)["properties"].(map[string]any)["criteria"]
	wantWire := map[string]any{"metricName": "cpu", "threshold": 2.0, "dimension": "host", "window": map[string]any{"minutes": 5.0}}
	if d := cmp.Diff(wantWire, got); d != "" {
		t.Errorf("criteria sent (-want +got):\n%s", d)
	}
	status := fromWire(t, body, &Board_STATUS{})
	if d := cmp.Diff(want, status.Criteria.AdditionalProperties); d != "" {
		t.Errorf("extra keys in status (-want +got):\n%s", d)
	}
}

// Finding 8: properties.type, named like the resource's type, is status.propertiesType beside
// status.type; the spec, which has no resource type, calls it type (as ASO does); both go back to
// properties.type.
func TestWireFlattenedNamesake(t *testing.T) {
	kind := "poster"
	got := toWire(t, &Board_Spec{Type: &kind})["properties"].(map[string]any)["type"]
	if got != "poster" {
		t.Errorf("properties.type sent as %v, want poster", got)
	}
	status := fromWire(t, ` + "`" + `{"type":"Microsoft.Canvases/boards","properties":{"type":"poster"}}` + "`" + `, &Board_STATUS{})
	if status.Type == nil || *status.Type != "Microsoft.Canvases/boards" || status.PropertiesType == nil || *status.PropertiesType != "poster" {
		t.Errorf("status type %v, propertiesType %v", status.Type, status.PropertiesType)
	}
}

// Finding 13: enum values Azure re-cases read back as declared; number and boolean enums keep
// their values.
func TestWireEnums(t *testing.T) {
	spec := fromWire(t, ` + "`" + `{"properties":{"colour":"red","zoom":0.5,"pinned":true}}` + "`" + `, &Board_Spec{})
	want := &Board_Spec{Colour: ptr(Colour_Red), Zoom: ptr(CanvasProperties_Zoom(0.5)), Pinned: ptr(CanvasProperties_Pinned(true))}
	if d := cmp.Diff(want, spec, cmpopts.IgnoreFields(Board_Spec{}, "AzureName", "Owner")); d != "" {
		t.Errorf("read (-want +got):\n%s", d)
	}
}

func ptr[T any](v T) *T { return &v }
`

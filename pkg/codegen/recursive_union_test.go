package codegen

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/audit"
)

// recursiveUnionDefs is a union Step, discriminated by kind, of leaves variants with fields
// string properties each, and of Loop, whose steps are Steps again (Data Factory's Activity and
// ForEach, in small).
func recursiveUnionDefs(leaves, fields int) string {
	var b strings.Builder
	b.WriteString(`,
    "Step": {"type": "object", "discriminator": "kind", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
    "Loop": {"type": "object", "x-ms-discriminator-value": "Loop", "allOf": [{"$ref": "#/definitions/Step"}],
      "properties": {"steps": {"type": "array", "items": {"$ref": "#/definitions/Step"}}}}`)
	for i := range leaves {
		var props []string
		for j := range fields {
			props = append(props, fmt.Sprintf(`"leaf%dField%d": {"type": "string"}`, i, j))
		}
		fmt.Fprintf(&b, `,
    "Leaf%d": {"type": "object", "x-ms-discriminator-value": "Leaf%d", "allOf": [{"$ref": "#/definitions/Step"}], "properties": {%s}}`, i, i, strings.Join(props, ", "))
	}
	return b.String()
}

// TestLargeRecursiveUnionStaysBoundedAndKeepsJSON: a recursive union too large to unroll is in
// the CRD once per side, its recursive property holds JSON (recorded, explained), and a value
// there reaches the wire as the swagger wants it: the generated ARM payload check and round trips
// pass. Before, the CRD repeated the union in an _Unrolled copy at every recursive property
// (Data Factory's pipeline: 13.5 MB, over what the API server stores).
func TestLargeRecursiveUnionStaysBoundedAndKeepsJSON(t *testing.T) {
	swagger := clashSwagger(`"steps": {"type": "array", "items": {"$ref": "#/definitions/Step"}}`, recursiveUnionDefs(14, 130))
	res, cfg, err := runClash(t, swagger, "")
	if err != nil {
		t.Fatal(err)
	}
	loop := thingObject(t, res, "Loop", false)
	steps, ok := loop.PropertyByJSON("steps")
	if !ok || steps.Type.String() != (astmodel.ArrayType{Element: astmodel.JSONType}).String() || steps.Provenance.JSON != astmodel.ByCycleDepth {
		t.Fatalf("Loop.steps is %v (provenance %+v), want []JSON by %s", steps, steps.Provenance, astmodel.ByCycleDepth)
	}
	if text := explainText(t, res, cfg, "clash/v1api20210101/Thing.spec.steps.loop.steps"); !strings.Contains(text, "rule "+string(astmodel.ByCycleDepth)) {
		t.Errorf("gen explain does not name the rule %s:\n%s", astmodel.ByCycleDepth, text)
	}
	audited, err := Run(context.Background(), Options{Config: cfg, SpecRoot: cfg.SpecRoot, Audit: true})
	if err != nil {
		t.Fatalf("the audit: %v", err)
	}
	if audited.Audit.JSONKept() == 0 {
		t.Errorf("the audit has no %s row: %s", audit.KeptAsJSON, audited.Audit.Summary())
	}
	for path, body := range res.Files {
		if !strings.HasPrefix(path, "crds/") || !strings.HasSuffix(path, "things.yaml") {
			continue
		}
		// One leaf property, once in spec and once in status: the union is not repeated.
		if n := strings.Count(string(body), "leaf3Field7:"); n > 2 {
			t.Errorf("%s holds the union %d times, want at most once per side (%d bytes)", path, n, len(body))
		}
		if !strings.Contains(string(body), "x-kubernetes-preserve-unknown-fields: true") {
			t.Errorf("%s does not let the nested steps through", path)
		}
	}
	if t.Failed() {
		return
	}
	buildClash(t, res)
	root := filepath.Join(t.TempDir(), "specification")
	if err := os.MkdirAll(filepath.Dir(filepath.Join(root, clashFile)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, clashFile), []byte(swagger), 0o644); err != nil {
		t.Fatal(err)
	}
	// buildClash has just vetted every package with all of vet's checks; go test's own subset
	// would type-check the union's large package once more for nothing.
	cmd := exec.Command("go", "test", "-count=1", "-vet=off", "-v", "-run", "Test_v1api20210101_(Thing_Spec_ARMPayloadMatchesSwagger|Thing_Spec_ARMRoundTrip|Loop_JSONRoundTrip)$",
		"./"+filepath.ToSlash(filepath.Join("testdata", "clashbuild"))+"/...", "-args", "-rapid.nofailfile")
	cmd.Env = append(os.Environ(), "ARMGEN_SPEC_ROOT="+root)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the generated tests fail: %v\n%s", err, out)
	}
	for _, want := range []string{"--- PASS: Test_v1api20210101_Thing_Spec_ARMPayloadMatchesSwagger", "--- PASS: Test_v1api20210101_Thing_Spec_ARMRoundTrip", "--- PASS: Test_v1api20210101_Loop_JSONRoundTrip"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the generated tests did not report %q:\n%s", want, out)
		}
	}
}

package codegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtraKeysBesideADeclaredNamesakeOnTheWire: an object that declares a property called
// additionalProperties and allows extra keys (typed) keeps both, in Kubernetes
// (additionalProperties and the numbered additionalProperties2) and on the wire, where the
// declared one is the key "additionalProperties" and the extra keys sit inline; both survive a
// GET and a PUT. The extra keys used to have no field, dropped on every read and never sent
// with nothing said unless gen ran with --audit.
func TestExtraKeysBesideADeclaredNamesakeOnTheWire(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs generated code with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	defs := `, "Inner": {"type": "object", "properties": {
		"additionalProperties": {"type": "string"}, "x": {"type": "string"}
	}, "additionalProperties": {"type": "integer", "format": "int32"}}`
	res, _, err := runClash(t, clashSwagger(`"inner": {"$ref": "#/definitions/Inner"}`, defs), "")
	if err != nil {
		t.Fatal(err)
	}
	buildClash(t, res)
	dir := filepath.Join("testdata", "clashbuild")
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	for path, body := range res.Files {
		file := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgDir := filepath.Join(dir, "clash", "v1api20210101")
	if err := os.WriteFile(filepath.Join(pkgDir, "namesake_wire_test.go"), []byte(namesakeWireTest), 0o644); err != nil {
		t.Fatal(err)
	}
	// buildClash has just vetted every package with all of vet's checks; go test's own subset
	// would type-check them once more for nothing.
	out, err := exec.Command(goTool, "test", "-count=1", "-vet=off", "-v", "-run", "TestWire", "./"+filepath.ToSlash(pkgDir)).CombinedOutput()
	if err != nil {
		t.Fatalf("the wire test fails on the generated code: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestWireNamesake") {
		t.Errorf("the wire test did not run:\n%s", out)
	}
}

const namesakeWireTest = `package v1api20210101

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/genruntime"
)

func TestWireNamesake(t *testing.T) {
	body := ` + "`" + `{"properties":{"inner":{"additionalProperties":"declared","x":"y","cpu":3}}}` + "`" + `
	var status Thing_STATUS
	w := status.NewEmptyARMValue()
	if err := json.Unmarshal([]byte(body), w); err != nil {
		t.Fatal(err)
	}
	if err := status.PopulateFromARM(genruntime.ArbitraryOwnerReference{}, w); err != nil {
		t.Fatal(err)
	}
	if status.Inner == nil || status.Inner.AdditionalProperties == nil || *status.Inner.AdditionalProperties != "declared" {
		t.Errorf("the declared additionalProperties read as %+v", status.Inner)
	}
	if d := cmp.Diff(map[string]int{"cpu": 3}, status.Inner.AdditionalProperties2); d != "" {
		t.Errorf("extra keys read (-want +got):\n%s", d)
	}
	declared := "declared"
	spec := Thing_Spec{Inner: &Inner{AdditionalProperties: &declared, AdditionalProperties2: map[string]int{"cpu": 3}}}
	arm, err := spec.ConvertToARM(genruntime.ConvertToARMResolvedDetails{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(arm)
	if err != nil {
		t.Fatal(err)
	}
	var sent struct{ Properties struct{ Inner map[string]any } }
	if err := json.Unmarshal(data, &sent); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string]any{"additionalProperties": "declared", "cpu": 3.0}, sent.Properties.Inner); d != "" {
		t.Errorf("inner sent as %s (-want +got):\n%s", data, d)
	}
}
`

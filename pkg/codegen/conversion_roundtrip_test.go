package codegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// thisPackage is the import path of this directory, below which scratch output gets import paths
// inside the module.
const thisPackage = "github.com/armgen/armgen/pkg/codegen"

// TestGeneratedRoundTripsCatchABrokenConversion proves that the generated property-based tests
// guard the conversions: it generates the cachelite case (one resource in two versions) into a
// scratch directory inside the module and runs its tests, which pass; then drops one assignment
// from a conversion method (a property a storage version no longer hands on to the hub) and
// runs them again, which must fail, naming a round trip. It then does the same to ConvertToARM
// (a property no longer sent to Azure), which the ARM round trip must catch.
func TestGeneratedRoundTripsCatchABrokenConversion(t *testing.T) {
	t.Parallel() // minutes in go subprocesses or one-core stages, writing only folders of its own: beside the other slow tests, not after them
	dir, goTool := generateScratchCase(t, "cachelite")

	// The payload checks read the swagger of the fixture, not of the corpus.
	specRoot, err := filepath.Abs(filepath.Join(casesDir, "..", "specification"))
	if err != nil {
		t.Fatal(err)
	}
	// The group's one test package holds the tests of every package of the case; each break
	// runs those of the one package that must catch it (their names start with its prefix), and
	// the control run covers those two packages, so each failure below comes from the break and
	// not from tests that fail anyway.
	storagePkg := filepath.Join(dir, "cachelite", "v1api20200601", "storage")
	apiPkg := filepath.Join(dir, "cachelite", "v1api20201201")
	const storageTests, apiTests = "^Test_v1api20200601storage_", "^Test_v1api20201201_"
	run := func(tests string) (string, error) {
		// -vet=off: this is the cachelite golden case under another import path, which
		// TestGoldenCasesPassTheirGeneratedTests vets; vetting it again on each of the four runs
		// (two of them on code broken on purpose) proves nothing more.
		args := []string{"test", "-count=1", "-vet=off", "-v", "-run", tests, "./" + filepath.ToSlash(filepath.Join(dir, "cachelite"))}
		cmd := exec.Command(goTool, append(args, "-args", "-rapid.nofailfile")...)
		cmd.Env = append(os.Environ(), "ARMGEN_SPEC_ROOT="+specRoot)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(storageTests + "|" + apiTests); err != nil {
		t.Fatalf("the generated tests fail on the generated code: %v\n%s", err, out)
	}

	// Drop a line that hands Location on to the hub.
	file := filepath.Join(storagePkg, "cache_types_gen.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The first is in AssignProperties_To_Cache_Spec.
	loc := regexp.MustCompile(`(?m)^\tdestination\.Location = .*\n`).FindIndex(src)
	if loc == nil {
		t.Fatalf("%s assigns no destination.Location", file)
	}
	broken := append(src[:loc[0]:loc[0]], src[loc[1]:]...)
	if err := os.WriteFile(file, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(storageTests)
	if err == nil {
		t.Fatalf("the generated tests pass although a conversion drops Location:\n%s", out)
	}
	for _, want := range []string{"--- FAIL: Test_v1api20200601storage_Cache_Spec_", "--- FAIL: Test_v1api20200601storage_Cache_HubRoundTrip", "Location"} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure does not mention %q:\n%s", want, out)
		}
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}

	// Make ConvertToARM drop the location it converted (deleting the line would leave an unused
	// variable, which does not compile).
	file = filepath.Join(apiPkg, "cache_types_gen.go")
	if src, err = os.ReadFile(file); err != nil {
		t.Fatal(err)
	}
	sends := regexp.MustCompile(`(?m)^\t\tresult\.Location = `)
	loc = sends.FindIndex(src)
	if loc == nil {
		t.Fatalf("%s sends no result.Location", file)
	}
	if err := os.WriteFile(file, slices.Concat(src[:loc[0]], []byte("\t\t_ = "), src[loc[1]:]), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(apiTests)
	if err == nil {
		t.Fatalf("the generated tests pass although ConvertToARM drops Location:\n%s", out)
	}
	for _, want := range []string{"--- FAIL: Test_v1api20201201_Cache_Spec_ARMRoundTrip", "Location"} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure does not mention %q:\n%s", want, out)
		}
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}

	// Send Location under a misspelt wire name. Both ARM directions use the same tag, so the
	// ARM round trip still passes: only the check against the swagger sees it.
	file = filepath.Join(apiPkg, "arm", "cache_types_gen.go")
	if src, err = os.ReadFile(file); err != nil {
		t.Fatal(err)
	}
	tag := []byte(`json:"location,omitempty"`)
	i := strings.Index(string(src), string(tag))
	if i < 0 {
		t.Fatalf("%s has no %s", file, tag)
	}
	misspelt := slices.Concat(src[:i], []byte(`json:"locaton,omitempty"`), src[i+len(tag):])
	if err := os.WriteFile(file, misspelt, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(apiTests)
	if err == nil {
		t.Fatalf("the generated tests pass although ConvertToARM sends location as locaton:\n%s", out)
	}
	for _, want := range []string{"--- FAIL: Test_v1api20201201_Cache_Spec_ARMPayloadMatchesSwagger", "locaton", "--- PASS: Test_v1api20201201_Cache_Spec_ARMRoundTrip"} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure does not mention %q:\n%s", want, out)
		}
	}
}

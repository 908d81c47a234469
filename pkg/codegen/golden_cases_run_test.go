package codegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoldenCasesPassTheirGeneratedTests builds the committed golden output of every case and
// runs the tests generated with it: JSON, conversion and ARM round trips, and the ARM payloads
// against the fixture swagger (the routes case's polymorphic PUT body among them). TestGolden
// holds the output to the goldens; this holds the goldens to compiling and passing.
func TestGoldenCasesPassTheirGeneratedTests(t *testing.T) {
	t.Parallel() // minutes in go subprocesses or one-core stages, writing only folders of its own: beside the other slow tests, not after them
	if testing.Short() {
		t.Skip("builds and runs generated tests with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	specRoot, err := filepath.Abs(filepath.Join(casesDir, "..", "specification"))
	if err != nil {
		t.Fatal(err)
	}
	// A directory named testdata is invisible to ./... patterns, but builds by its explicit path.
	cmd := exec.Command(goTool, "test", "-count=1", "-v", "./"+filepath.ToSlash(casesDir)+"/...", "-args", "-rapid.nofailfile")
	cmd.Env = append(os.Environ(), "ARMGEN_SPEC_ROOT="+specRoot)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the generated tests of the golden cases fail: %v\n%s", err, out)
	}
	for _, want := range []string{
		"--- PASS: Test_v1api20220301_RoutersPolicy_Spec_ARMRoundTrip",
		"--- PASS: Test_v1api20220301_RoutersPolicy_STATUS_ARMRoundTrip",
		"--- PASS: Test_v1api20220301_RoutersPolicy_Spec_ARMPayloadMatchesSwagger",
		"--- PASS: Test_v1api20220301_RoutersPolicy_HubRoundTrip",
		"--- PASS: Test_v1api20220301_RoutersPeering_Spec_ARMRoundTrip",
		"--- PASS: Test_v1api20220301_RoutersPeering_Spec_ARMPayloadMatchesSwagger",
		// canvases: a recursive union, extra keys inline, a renamed flattened namesake.
		"--- PASS: Test_v1api20220101_Board_Spec_ARMRoundTrip",
		"--- PASS: Test_v1api20220101_Board_STATUS_ARMRoundTrip",
		"--- PASS: Test_v1api20220101_Board_Spec_ARMPayloadMatchesSwagger",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the generated tests did not report %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "--- SKIP") {
		t.Errorf("generated tests were skipped:\n%s", out)
	}
}

package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testspecs"
)

// TestReportASOCorpus (acceptance 1 of issue 21): `gen report aso` over the pinned corpus gives
// every ASO kind one line; the ARM types the corpus lacks say NOT IN THE CORPUS, whatever the
// case of the ARM type, and the configured kinds say exported.
func TestReportASOCorpus(t *testing.T) {
	testspecs.Root(t)
	stdout, stderr, err := run(t, "-c", "../../azure-arm.yaml", "report", "aso", "-q")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 1+295+1 {
		t.Fatalf("want a header, 295 kinds and a summary; got %d lines", len(lines))
	}
	row := func(status, group, kind string) {
		t.Helper()
		re := regexp.MustCompile(`^` + regexp.QuoteMeta(status) + ` +` + group + ` +` + kind + ` `)
		for _, l := range lines {
			if re.MatchString(l) {
				return
			}
		}
		t.Errorf("no %q row for %s/%s", status, group, kind)
	}
	row("NOT IN THE CORPUS", "app", "ContainerApp")
	row("NOT IN THE CORPUS", "containerservice", "Fleet")
	row("NOT IN THE CORPUS", "network", "DnsResolver")
	row("exported", "network", "VirtualNetwork")
	row("exported", "keyvault", "Vault")

	m := regexp.MustCompile(`^295 ASO kinds: (\d+) exported \(\d+ under another kind name\), (\d+) in the corpus but not exported, (\d+) not in the corpus; (\d+) exported kinds lack (\d+) of ASO's api-versions the corpus has$`).
		FindStringSubmatch(lines[len(lines)-1])
	if m == nil {
		t.Fatalf("summary: %s", lines[len(lines)-1])
	}
	exported, _ := strconv.Atoi(m[1])
	inCorpus, _ := strconv.Atoi(m[2])
	missing, _ := strconv.Atoi(m[3])
	// The corpus is pinned, so these are fixed; and azure-arm.yaml exports every ASO kind the
	// corpus has.
	if exported != 231 || inCorpus != 0 || missing != 64 {
		t.Errorf("summary: %s; want all 231 in the corpus exported and 64 not in it", lines[len(lines)-1])
	}
	// The ASO api-versions of exported kinds that azure-arm.yaml leaves out on purpose. The
	// summary counts exactly these, and each kind's row lists them in its last column.
	lacking := map[string]string{
		// A second version takes these CRDs past kubectl's 256 KiB apply limit, where they lose
		// their descriptions (see azure-arm.yaml, compute 2020-12-01).
		"compute/VirtualMachine":         "2020-12-01",
		"compute/VirtualMachineScaleSet": "2020-12-01",
	}
	wantVersions := 0
	for _, vs := range lacking {
		wantVersions += len(strings.Split(vs, ","))
	}
	if m[4] != strconv.Itoa(len(lacking)) || m[5] != strconv.Itoa(wantVersions) {
		t.Errorf("summary: %s; want %d exported kinds lacking %d of ASO's api-versions", lines[len(lines)-1], len(lacking), wantVersions)
	}
	got := map[string]string{}
	for _, l := range lines[1 : len(lines)-1] {
		f := strings.Fields(l)
		if f[0] == "exported" && f[len(f)-1] != "-" {
			got[f[1]+"/"+f[2]] = f[len(f)-1]
		}
	}
	if d := cmp.Diff(lacking, got); d != "" {
		t.Errorf("ASO api-versions the corpus has but azure-arm.yaml does not export, by kind (-want +got):\n%s", d)
	}
}

// TestReportASOJSON: -o json gives one object per ASO kind; against a spec root without any of
// ASO's ARM types each is NOT IN THE CORPUS.
func TestReportASOJSON(t *testing.T) {
	stdout, stderr, err := run(t, "-c", fixtureConfig(t, widgets), "--spec-root", fixtureRoot, "report", "aso", "-q", "-o", "json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var rows []struct {
		ASO    struct{ Kind, ARMType string }
		Status string
	}
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil || len(rows) != 295 {
		t.Fatalf("-o json: %d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if r.Status != "NOT IN THE CORPUS" || r.ASO.Kind == "" || r.ASO.ARMType == "" {
			t.Errorf("row %+v", r)
		}
	}
	if _, _, err := run(t, "report", "aso", "-o", "yaml"); err == nil || !strings.Contains(err.Error(), "expected table or json") {
		t.Errorf("-o yaml: %v", err)
	}
}

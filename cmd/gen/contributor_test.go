package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/internal/testspecs"
)

const fixtureRoot = "../../specs/testdata/specification"

// run executes the gen command in-process and returns what it printed.
func run(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	t.Setenv("NO_COLOR", "1")
	cmd := newRootCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err = cmd.ExecuteContext(context.Background())
	return out.String(), errOut.String(), err
}

// fixtureConfig writes a config for the fixture specs into a temporary folder (output and docs
// beside it) and returns its path.
func fixtureConfig(t *testing.T, model string) string {
	t.Helper()
	t.Setenv(specRootEnv, "") // the config's specRoot, not the corpus CI points at
	root, err := filepath.Abs(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "azure-arm.yaml")
	body := "# a comment to keep\nspecRoot: " + root + "\noutputPath: generated\ndocsPath: docs\noutputPackage: example.com/w/generated\nobjectModelConfiguration:\n" + model
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

const widgets = `  widgets:
    2021-01-01:
      Widget:
        $export: true
      WidgetsGadget:
        $export: true
`

// TestCheckCommand: check passes right after generation, and after a hand edit fails with the
// diff and the command that fixes it.
func TestCheckCommand(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	if _, stderr, err := run(t, "-c", cfg); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	stdout, stderr, err := run(t, "-c", cfg, "check")
	if err != nil {
		t.Fatalf("check on fresh output: %v\n%s%s", err, stdout, stderr)
	}
	if !strings.Contains(stderr, "up to date") || !strings.Contains(stderr, "check-config-consumed") {
		t.Errorf("stderr lacks the stage lines or the verdict:\n%s", stderr)
	}

	file := filepath.Join(filepath.Dir(cfg), "generated", "widgets", "v1api20210101", "groupversion_info_gen.go")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "+groupName=widgets.azure.com", "+groupName=edited.azure.com", 1)
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, err = run(t, "-c", cfg, "check", "-q")
	if err == nil {
		t.Fatal("check passed after a hand edit")
	}
	for _, want := range []string{
		"1 file(s) differ from a fresh generation:",
		"  changed  " + file,
		"--- " + file + " (on disk)",
		"+++ " + file + " (regenerated)",
		"-// +groupName=edited.azure.com",
		"+// +groupName=widgets.azure.com",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if want := "run `go run ./cmd/gen -c " + cfg + "` and commit the result"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q lacks %q", err, want)
	}

	// --max-diff-lines truncates.
	stdout, _, _ = run(t, "-c", cfg, "check", "-q", "--max-diff-lines", "3")
	if !strings.Contains(stdout, "more line(s) of diff not shown") {
		t.Errorf("not truncated:\n%s", stdout)
	}
}

func TestListCommand(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	stdout, stderr, err := run(t, "-c", cfg, "list", "--group", "widgets")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) < 8 || !strings.HasPrefix(lines[0], "GROUP") {
		t.Fatalf("want a header and the widgets resources:\n%s", stdout)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "widgets  ") {
			t.Errorf("not a widgets row: %s", l)
		}
		exported := strings.Contains(l, "✓")
		want := strings.Contains(l, " Widget ") || strings.Contains(l, " WidgetsGadget ")
		if exported != want {
			t.Errorf("export mark wrong: %s", l)
		}
	}

	stdout, _, err = run(t, "-c", cfg, "list", "-o", "json", "--version", "2021-01-01")
	if err != nil {
		t.Fatal(err)
	}
	var listing struct {
		Resources []struct {
			Kind     string
			Versions []struct {
				APIVersion string
				Exported   bool
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &listing); err != nil {
		t.Fatalf("-o json does not parse: %v\n%s", err, stdout)
	}
	if len(listing.Resources) < 7 || listing.Resources[0].Kind != "Lock" {
		t.Errorf("json: %+v", listing.Resources)
	}
	for _, r := range listing.Resources {
		if r.Kind == "Widget" && (len(r.Versions) != 1 || !r.Versions[0].Exported) {
			t.Errorf("Widget is exported in 2021-01-01: %+v", r)
		}
	}

	stdout, _, err = run(t, "-c", cfg, "list", "-o", "yaml", "--provider", "microsoft.cachelite", "--all-versions")
	if err != nil {
		t.Fatal(err)
	}
	var y map[string]any
	if err := yaml.Unmarshal([]byte(stdout), &y); err != nil {
		t.Fatalf("-o yaml does not parse: %v", err)
	}

	_, _, err = run(t, "-c", cfg, "list", "--group", "widgest")
	if err == nil || !strings.Contains(err.Error(), `no group "widgest"; did you mean "widgets"?`) {
		t.Errorf("misspelt group: %v", err)
	}
}

// TestListCorpus lists the network group of the real spec root (acceptance: the exported ones
// are marked; -o json parses).
func TestListCorpus(t *testing.T) {
	testspecs.Root(t)
	stdout, stderr, err := run(t, "-c", "../../azure-arm.yaml", "list", "--group", "network")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var vnet string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "network  VirtualNetwork ") {
			vnet = l
		}
	}
	if !strings.Contains(vnet, "Microsoft.Network/virtualNetworks") || !strings.Contains(vnet, "✓ 2020-11-01") {
		t.Errorf("VirtualNetwork row: %q", vnet)
	}
	stdout, _, err = run(t, "-c", "../../azure-arm.yaml", "list", "--group", "network", "-o", "json", "-q")
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid([]byte(stdout)) {
		t.Error("-o json does not parse")
	}
}

// TestAddCommand adds a resource of another group to a config copy: one new entry in sorted
// place, comments kept, and nothing more on a second run.
func TestAddCommand(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	before, _ := os.ReadFile(cfg)
	_, stderr, err := run(t, "-c", cfg, "add", "cachelite", "2020-12-01", "Cache")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	after, _ := os.ReadFile(cfg)
	want := strings.Replace(string(before), "objectModelConfiguration:\n", "objectModelConfiguration:\n  cachelite:\n    2020-12-01:\n      Cache:\n        $export: true\n", 1)
	if d := cmp.Diff(want, string(after)); d != "" {
		t.Errorf("config (-want +got):\n%s", d)
	}
	_, stderr, err = run(t, "-c", cfg, "add", "cachelite", "2020-12-01", "Cache")
	if err != nil || !strings.Contains(stderr, "already exported") {
		t.Errorf("second run: %v\n%s", err, stderr)
	}
	again, _ := os.ReadFile(cfg)
	if string(again) != string(after) {
		t.Error("second run changed the config")
	}
	// The result generates.
	if _, stderr, err := run(t, "-c", cfg, "-q"); err != nil {
		t.Errorf("generating after add: %v\n%s", err, stderr)
	}

	for _, c := range []struct{ args, want string }{
		{"widgets 2021-01-01 Widgte", `widgets 2021-01-01 has no resource Widgte; did you mean "Widget"?`},
		{"widgets 2021-01-02 Widget", `the spec root has no api-version "2021-01-02"; did you mean "2021-01-01"?`},
		{"widgits 2021-01-01 Widget", `the spec root has no group "widgits"; did you mean "widgets"?`},
	} {
		_, _, err := run(t, append([]string{"-c", cfg, "add"}, strings.Fields(c.args)...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("add %s: got %v, want …%s", c.args, err, c.want)
		}
	}
	if data, _ := os.ReadFile(cfg); string(data) != string(after) {
		t.Error("a failed add changed the config")
	}
}

// TestAddCorpus is the acceptance case: on a copy of the repository's config without cache
// 2020-12-01 RedisFirewallRule, add puts back exactly that entry, byte for byte, and is idempotent.
func TestAddCorpus(t *testing.T) {
	testspecs.Root(t)
	orig, err := os.ReadFile("../../azure-arm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	removed, ok := withoutRedisFirewallRule(string(orig))
	if !ok {
		t.Fatal("azure-arm.yaml no longer exports cache 2020-12-01 RedisFirewallRule after Redis: change this test with the file")
	}
	cfg := filepath.Join(t.TempDir(), "azure-arm.yaml")
	if err := os.WriteFile(cfg, []byte(removed), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, stderr, err := run(t, "-c", cfg, "add", "cache", "2020-12-01", "RedisFirewallRule"); err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		got, _ := os.ReadFile(cfg)
		if d := cmp.Diff(string(orig), string(got)); d != "" {
			t.Errorf("run %d (-original +edited):\n%s", i+1, d)
		}
	}
}

func TestExplainCommand(t *testing.T) {
	cfg := fixtureConfig(t, widgets)
	stdout, stderr, err := run(t, "-c", cfg, "explain", "widgets/v1api20210101/Widget")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"widgets.azure.com/v1api20210101 Widget",
		"Microsoft.Widgets/widgets, api-version 2021-01-01, resourcegroup scope",
		"owner        a resources.azure.com/ResourceGroup, named in spec.owner",
		"swagger      widgets/resource-manager/Microsoft.Widgets/stable/2021-01-01/widgets.json",
		"objectModelConfiguration.widgets.2021-01-01.Widget (" + cfg + ":9)",
		"$export: true (line 10)",
		"spec (Widget_Spec):",
		"status (Widget_STATUS):",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("resource explanation lacks %q:\n%s", want, stdout)
		}
	}

	stdout, _, err = run(t, "-c", cfg, "explain", "widgets/2021-01-01/Widget.spec.azureName")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "added to every spec (add-resource-properties)") {
		t.Errorf("azureName explanation:\n%s", stdout)
	}

	for _, c := range []struct{ query, want string }{
		{"widgets/v1api20210101/Widgte", `no kind in widgets/v1api20210101 named "Widgte" is generated; did you mean "Widget"?`},
		{"Widget.spec.colour", `did you mean`},
		{"Widget.metadata", `a property path starts with spec or status`},
		{"a/b", `expected <group>/<version>/<Kind>`},
	} {
		_, _, err := run(t, "-c", cfg, "explain", c.query)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("explain %s: got %v, want …%s", c.query, err, c.want)
		}
	}
}

// TestConfigErrors: a misspelt kind and an unknown key each fail with the config path and a
// suggestion, and leave the output alone.
func TestConfigErrors(t *testing.T) {
	cases := []struct {
		name, model, want string
	}{
		{"kind", strings.Replace(widgets, "Widget:", "Widgte:", 1),
			`objectModelConfiguration.widgets.2021-01-01.Widgte: widgets 2021-01-01 has no resource Widgte`},
		{"unknown setting", strings.Replace(widgets, "$export: true\n      WidgetsGadget", "$exprot: true\n      WidgetsGadget", 1),
			`objectModelConfiguration.widgets.2021-01-01.Widget.$exprot: unknown setting; did you mean "$export"?`},
		{"a secret the swagger lacks", strings.Replace(widgets, "$export: true\n      WidgetsGadget", "$export: true\n        $azureGeneratedSecrets: [colour]\n      WidgetsGadget", 1),
			`objectModelConfiguration.widgets.2021-01-01.Widget.$azureGeneratedSecrets[0]: Microsoft.Widgets/widgets 2021-01-01: no property colour in the GET response or the responses of listKeys`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := fixtureConfig(t, c.model)
			_, _, err := run(t, "-c", cfg, "-q")
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), cfg+":") {
				t.Errorf("got  %v\nwant %s:…%s", err, cfg, c.want)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(cfg), "generated")); err == nil {
				t.Error("a failed run wrote the output")
			}
		})
	}
}

// TestMisspeltKindCorpus is the acceptance case on the real config: VirtualNetwrok fails with the
// config path and suggests VirtualNetwork.
func TestMisspeltKindCorpus(t *testing.T) {
	testspecs.Root(t)
	orig, err := os.ReadFile("../../azure-arm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "azure-arm.yaml")
	bad := strings.Replace(string(orig), "      VirtualNetwork:\n", "      VirtualNetwrok:\n", 1)
	if err := os.WriteFile(cfg, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, "-c", cfg, "-q", "-o", filepath.Join(t.TempDir(), "out"))
	want := `objectModelConfiguration.network.2020-11-01.VirtualNetwrok: network 2020-11-01 has no resource VirtualNetwrok`
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `did you mean "VirtualNetwork"?`) {
		t.Errorf("got %v", err)
	}
}

// TestExplainShowsExports: explain says where the operator reads each exported value, the
// action the generator found by name included, so a contributor can check a new
// $azureGeneratedSecrets line without running the operator.
func TestExplainShowsExports(t *testing.T) {
	cfg := fixtureConfig(t, `  widgets:
    2021-01-01:
      Widget:
        $export: true
        $azureGeneratedSecrets:
          - primaryKey
          - serialNumber
        $generatedConfigs:
          serial: $.status.serialNumber
`)
	stdout, stderr, err := run(t, "-c", cfg, "explain", "widgets/v1api20210101/Widget")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"exports (spec.operatorSpec):",
		"secrets.primaryKey    POST listKeys     primaryKey",
		"secrets.serialNumber  the GET response  properties.serialNumber",
		"configMaps.serial     the GET response  properties.serialNumber",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("explanation lacks %q:\n%s", want, stdout)
		}
	}
}

// withoutRedisFirewallRule is the configuration without its cache 2020-12-01 RedisFirewallRule
// entry (the kind after Redis in that version), or false when the file has no such entry.
func withoutRedisFirewallRule(orig string) (string, bool) {
	const version = "    2020-12-01:\n      Redis:\n"
	const entry = "      RedisFirewallRule:\n        $export: true\n"
	v := strings.Index(orig, version)
	if v < 0 {
		return "", false
	}
	e := strings.Index(orig[v:], entry)
	if e < 0 {
		return "", false
	}
	if next := strings.Index(orig[v+len(version):], "\n    2"); next >= 0 && next+len(version) < e {
		return "", false // the entry found belongs to a later version
	}
	return orig[:v+e] + orig[v+e+len(entry):], true
}

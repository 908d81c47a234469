package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestConfigErrorsAgainstSpecs checks the errors for config entries that parse but name nothing
// in the spec root: each names the config path and suggests the nearest real name.
func TestConfigErrorsAgainstSpecs(t *testing.T) {
	root, err := filepath.Abs("../../specs/testdata/specification")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, model, want string
	}{
		{"group", "widgts:\n    2021-01-01:\n      Widget:\n        $export: true",
			`objectModelConfiguration.widgts: no provider in the spec root ` + root + ` has the group "widgts"; did you mean "widgets"?`},
		{"version", "widgets:\n    2021-01-02:\n      Widget:\n        $export: true",
			`objectModelConfiguration.widgets.2021-01-02: group "widgets" has no api-version 2021-01-02 in the spec root; did you mean "2021-01-01"?`},
		{"kind", "widgets:\n    2021-01-01:\n      Widgte:\n        $export: true",
			`objectModelConfiguration.widgets.2021-01-01.Widgte: widgets 2021-01-01 has no resource Widgte`},
		{"type", "widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n      Endpiont:\n        $renameTo: X",
			`objectModelConfiguration.widgets.2021-01-01.Endpiont: widgets 2021-01-01 has no type Endpiont used by an exported resource (set $export: true to export a resource); did you mean "Endpoint"?`},
		{"property", "widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n        lables:\n          $renameTo: x",
			`objectModelConfiguration.widgets.2021-01-01.Widget.lables: Widget has no property lables; did you mean "labels"?`},
		{"renameResource", "widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n        $renameTo: Thing",
			`Widget.$renameTo: a resource is renamed with $exportAs, not $renameTo; did you mean "$exportAs"?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "azure-arm.yaml")
			body := "specRoot: " + root + "\nobjectModelConfiguration:\n  " + c.model + "\n"
			if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, err := config.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Run(context.Background(), Options{Config: cfg})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got  %v\nwant …%s", err, c.want)
			}
		})
	}
}

// TestMisspeltRenamedFromIsAConfigError: a $renamedFrom naming a property the other generated
// versions of the type do not have would pair nothing (values written in one version would read
// back empty in the other); it is an error at the setting with the nearest real name.
func TestMisspeltRenamedFromIsAConfigError(t *testing.T) {
	cfg, err := config.Load("../../specs/testdata/cases/cachelite/azure-arm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), Options{Config: cfg}); err != nil {
		t.Fatalf("the case as committed: %v", err)
	}
	data, err := os.ReadFile(cfg.File)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "$renamedFrom: enableNonSslPort", "$renamedFrom: enableNonSSLPort", 1)
	if bad == string(data) {
		t.Fatal("the cachelite case has no $renamedFrom: enableNonSslPort to misspell")
	}
	file := filepath.Join(filepath.Dir(cfg.File), "misspelt-renamed-from.yaml")
	cfg, err = config.Parse(file, []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Options{Config: cfg})
	want := `misspelt-renamed-from.yaml:18:9: objectModelConfiguration.cachelite.2020-12-01.Cache.nonSslPortEnabled.$renamedFrom: Cache has no property enableNonSSLPort in 2020-06-01; did you mean "enableNonSslPort"?`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got  %v\nwant …%s", err, want)
	}
}

// TestKeptInParentWhereItSaysNothingIsAConfigError: $keptInParent on a kind no exported parent
// holds (a top-level resource) would change nothing; it is an error at the setting, not accepted
// as if it did something.
func TestKeptInParentWhereItSaysNothingIsAConfigError(t *testing.T) {
	_, _, err := runClash(t, clashSwagger(`"size": {"type": "integer"}`, ""), "        $keptInParent: true\n")
	if err == nil || !strings.Contains(err.Error(), "objectModelConfiguration.clash.2021-01-01.Thing.$keptInParent") ||
		!strings.Contains(err.Error(), "has no effect here") {
		t.Fatalf("$keptInParent on a top-level kind: got %v, want an error at the setting saying it has no effect", err)
	}
}

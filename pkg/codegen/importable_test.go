package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestImportableFalseReachesTheRegistrationList: $importable: false on a kind marks its entry in
// controllers/registration_gen.go (at the version its CRD stores: Widget has one API version, so
// not its hub), where the import command reads it; a kind without the setting stays importable.
func TestImportableFalseReachesTheRegistrationList(t *testing.T) {
	root, err := filepath.Abs("../../specs/testdata/specification")
	if err != nil {
		t.Fatal(err)
	}
	run := func(setting string) string {
		t.Helper()
		file := filepath.Join(t.TempDir(), "azure-arm.yaml")
		body := "specRoot: " + root + "\nobjectModelConfiguration:\n  widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n" + setting
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := config.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), Options{Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		return string(res.Files["controllers/registration_gen.go"])
	}
	refused := run("        $importable: false\n")
	if !strings.Contains(refused, "Obj: new(widgetsv1api20210101.Widget), NotImportable: true}") {
		t.Errorf("with $importable: false, the registration list does not mark Widget:\n%s", refused)
	}
	if plain := run(""); strings.Contains(plain, "NotImportable") {
		t.Errorf("without the setting, the registration list marks a kind not importable:\n%s", plain)
	}
}

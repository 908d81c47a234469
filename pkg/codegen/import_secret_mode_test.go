package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// runWidgets generates the widgets test group with settings under WidgetProperties (indented
// for a property of it), returning the files.
func runWidgets(t *testing.T, props string) (Files, error) {
	t.Helper()
	root, err := filepath.Abs("../../specs/testdata/specification")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "azure-arm.yaml")
	body := "specRoot: " + root + "\nobjectModelConfiguration:\n  widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n" +
		"      WidgetProperties:\n" + props
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(file)
	if err != nil {
		return nil, err
	}
	res, err := Run(context.Background(), Options{Config: cfg})
	if err != nil {
		return nil, err
	}
	return res.Files, nil
}

// TestImportSecretModeNeverKeepsAPlainValue: $importSecretMode: never keeps a property the
// swagger marks x-ms-secret a plain string in the spec, and in the status (as ASO keeps an SSH
// public key's keyData); required (or $isSecret: true) makes it a SecretReference.
func TestImportSecretModeNeverKeepsAPlainValue(t *testing.T) {
	secret, err := runWidgets(t, "        adminPassword:\n          $importSecretMode: required\n")
	if err != nil {
		t.Fatal(err)
	}
	never, err := runWidgets(t, "        adminPassword:\n          $importSecretMode: never\n")
	if err != nil {
		t.Fatal(err)
	}
	types := "widgets/v1api20210101/widget_types_gen.go"
	if !strings.Contains(string(secret[types]), "AdminPassword *genruntime.SecretReference") {
		t.Errorf("required: adminPassword is not a SecretReference:\n%s", grepLines(secret[types], "AdminPassword"))
	}
	got := grepLines(never[types], "AdminPassword")
	if strings.Contains(got, "SecretReference") || strings.Count(got, "AdminPassword *string") < 2 {
		t.Errorf("never: adminPassword should be a plain string in spec and status:\n%s", got)
	}
}

// TestImportSecretModeContradictingIsSecretIsAConfigError: two secret settings that disagree on
// one property are an error at the second, naming both keys.
func TestImportSecretModeContradictingIsSecretIsAConfigError(t *testing.T) {
	_, err := runWidgets(t, "        adminPassword:\n          $isSecret: true\n          $importSecretMode: never\n")
	if err == nil || !strings.Contains(err.Error(), "WidgetProperties.adminPassword.$importSecretMode: contradicts") ||
		!strings.Contains(err.Error(), "$isSecret") {
		t.Fatalf("got %v, want an error at $importSecretMode naming $isSecret", err)
	}
	_, err = runWidgets(t, "        adminPassword:\n          $importSecretMode: optionl\n")
	if err == nil || !strings.Contains(err.Error(), "$importSecretMode") || !strings.Contains(err.Error(), "never") {
		t.Fatalf("got %v, want an error listing the modes", err)
	}
}

func grepLines(data []byte, word string) string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, word) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return strings.Join(out, "\n")
}

package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/emit/docs"
)

const fixtureRoot = "../../specs/testdata/specification"

// widgetsConfig writes a config for the widgets fixture into a temporary folder, with output and
// docs folders beside it, and returns its path.
func widgetsConfig(t *testing.T, model string) string {
	t.Helper()
	root, err := filepath.Abs(fixtureRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	body := "specRoot: " + root + "\noutputPath: generated\ndocsPath: docs\noutputPackage: example.com/widgets/generated\nobjectModelConfiguration:\n" + model
	file := filepath.Join(dir, "azure-arm.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

const widgetModel = `  widgets:
    2021-01-01:
      Widget:
        $export: true
        labels:
          $renameTo: widgetLabels
      WidgetsGadget:
        $export: true
`

// TestUnconsumedSettings checks that settings no stage uses fail with the config path, and say
// why when it is a usual slip.
func TestUnconsumedSettings(t *testing.T) {
	const widget = "objectModelConfiguration.widgets.2021-01-01.Widget"
	cases := []struct {
		name, model, want string
	}{
		{"azureGeneratedSecrets on a type that is not a resource", widgetModel + "      Endpoint:\n        $azureGeneratedSecrets: [key]\n",
			"objectModelConfiguration.widgets.2021-01-01.Endpoint.$azureGeneratedSecrets: $azureGeneratedSecrets has no effect here: only an exported resource exports secrets"},
		{"isHub on a type that is not a resource", widgetModel + "      Endpoint:\n        $isHub: true\n",
			"objectModelConfiguration.widgets.2021-01-01.Endpoint.$isHub: $isHub has no effect here: only an exported resource has a hub version"},
		{"two", widgetModel + "      Endpoint:\n        $azureGeneratedSecrets: [key]\n        $generatedConfigs: {key: $.status.key}\n",
			"objectModelConfiguration.widgets.2021-01-01.Endpoint.$azureGeneratedSecrets: $azureGeneratedSecrets has no effect here: only an exported resource exports secrets; export the type or remove the setting (1 more unused setting(s): line 16)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			model := c.model
			cfg, err := config.Load(widgetsConfig(t, model))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Run(context.Background(), Options{Config: cfg})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got  %v\nwant …%s", err, c.want)
			}
			if !strings.Contains(err.Error(), "azure-arm.yaml:") {
				t.Errorf("error does not name the file and line: %v", err)
			}
		})
	}
}

// TestCheck generates the widgets case, then checks it: clean first, then after a hand edit, an
// extra file and a deleted page, each reported; a hand-written page in docs/ is never touched.
func TestCheck(t *testing.T) {
	file := widgetsConfig(t, widgetModel)
	dir := filepath.Dir(file)
	handWritten := filepath.Join(dir, "docs", "adding-a-resource.md")
	if err := os.MkdirAll(filepath.Dir(handWritten), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(handWritten, []byte("by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := Generate(ctx, Options{Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	if res.DocsDir != filepath.Join(dir, "docs") || len(res.Docs) == 0 {
		t.Fatalf("docs: %q, %d pages", res.DocsDir, len(res.Docs))
	}
	check := func() []string {
		t.Helper()
		c, err := Check(ctx, Options{Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range c.Drift {
			rel, _ := filepath.Rel(dir, d.Path)
			out = append(out, string(d.Kind)+" "+filepath.ToSlash(rel))
		}
		return out
	}
	if d := check(); len(d) != 0 {
		t.Fatalf("fresh generation differs: %v", d)
	}

	types := filepath.Join(dir, "generated", "widgets", "v1api20210101", "widget_types_gen.go")
	data, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	must(t, os.WriteFile(types, append(data, "// edited\n"...), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "generated", "stray.go"), []byte("package stray\n"), 0o644))
	must(t, os.Remove(filepath.Join(dir, "docs", docs.GroupDir, "widgets.md")))
	want := []string{
		"missing docs/resources/widgets.md",
		"extra generated/stray.go",
		"changed generated/widgets/v1api20210101/widget_types_gen.go",
	}
	if d := cmp.Diff(want, check()); d != "" {
		t.Errorf("drift (-want +got):\n%s", d)
	}

	// The stray file is not the generator's: regenerating refuses to delete it, until it goes.
	stray := filepath.Join(dir, "generated", "stray.go")
	if _, err := Generate(ctx, Options{Config: cfg}); err == nil || !strings.Contains(err.Error(), stray) {
		t.Errorf("regenerating over %s: error %v, want one naming it", stray, err)
	}
	must(t, os.Remove(stray))
	if _, err := Generate(ctx, Options{Config: cfg}); err != nil {
		t.Fatal(err)
	}
	if d := check(); len(d) != 0 {
		t.Errorf("after regenerating: %v", d)
	}
	if data, err := os.ReadFile(handWritten); err != nil || string(data) != "by hand\n" {
		t.Errorf("hand-written page changed: %q, %v", data, err)
	}
}

// TestDocsPages checks the generated pages: the index lists every resource with its ARM type,
// scope and source, and links to a page per group that exists.
func TestDocsPages(t *testing.T) {
	cfg, err := config.Load("../../specs/testdata/cases/widgets/azure-arm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Config: cfg, DocsDir: "docs"})
	if err != nil {
		t.Fatal(err)
	}
	index := string(res.Docs[docs.IndexFile])
	for _, d := range res.Definitions.Resources() {
		if !strings.Contains(index, "["+d.Name.Name+"](resources/widgets.md#"+strings.ToLower(d.Name.Name)+")") {
			t.Errorf("index does not list %s", d.Name.Name)
		}
	}
	for _, want := range []string{
		"| [widgets.azure.com](resources/widgets.md) | [Widget](resources/widgets.md#widget) | v1api20210101 | `Microsoft.Widgets/widgets` | - | secrets: primaryKey, secondaryKey, serialNumber, key1, ruleKey; configMaps: serial, skuName | resource group | `widgets/resource-manager/Microsoft.Widgets/stable/2021-01-01/widgets.json` |",
		"| [widgets.azure.com](resources/widgets.md) | [Lock](resources/widgets.md#lock) | v1api20210101 | `Microsoft.Widgets/locks` | - | - | extension |",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q:\n%s", want, index)
		}
	}
	page := string(res.Docs[docs.GroupDir+"/widgets.md"])
	for _, want := range []string{"# widgets.azure.com", "## WidgetsGadget", "owner: `widgets.azure.com/Widget`", "| azureName | `string` |"} {
		if !strings.Contains(page, want) {
			t.Errorf("group page lacks %q", want)
		}
	}
	if len(res.Docs) != 2 {
		t.Errorf("want resources.md and one group page, got %d pages", len(res.Docs))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestUnexportedResource: "$export: false" on a resource is accepted (and consumed); other
// settings on it would have no effect, so they are an error.
func TestUnexportedResource(t *testing.T) {
	cfg, err := config.Load(widgetsConfig(t, widgetModel+"      Quota:\n        $export: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), Options{Config: cfg}); err != nil {
		t.Fatalf("$export: false: %v", err)
	}
	cfg, err = config.Load(widgetsConfig(t, widgetModel+"      Quota:\n        $export: false\n        limit:\n          $renameTo: max\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Options{Config: cfg})
	want := "objectModelConfiguration.widgets.2021-01-01.Quota: Quota is a resource that is not exported, so its settings have no effect"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got  %v\nwant …%s", err, want)
	}
}

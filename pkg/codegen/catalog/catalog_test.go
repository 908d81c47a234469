package catalog

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// specRoot builds a spec root from the widgets fixture and the malformed-JSON fixture.
func specRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, src := range []string{"../../../specs/testdata/specification", "../../../specs/testdata/broken/malformed-json/specification"} {
		if err := os.CopyFS(root, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestBrokenVersionIsAProblemRow: an api-version whose swagger does not parse becomes a problem
// line, and every other resource is still listed.
func TestBrokenVersionIsAProblemRow(t *testing.T) {
	cfg, err := config.Parse("azure-arm.yaml", []byte("objectModelConfiguration:\n  widgets:\n    2021-01-01:\n      Widget:\n        $exportAs: Gizmo\n"))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := Load(context.Background(), specRoot(t), Filter{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Problems) != 1 || cat.Problems[0].Group != "broken" || !strings.Contains(cat.Problems[0].Error, "invalid JSON") {
		t.Fatalf("problems: %+v", cat.Problems)
	}
	r, ok := cat.Find("widgets", "2021-01-01", "Widget")
	if !ok || r.ARMType != "Microsoft.Widgets/widgets" || r.Scope != "resourcegroup" {
		t.Fatalf("Widget: %+v", r)
	}
	if v := r.Versions[0]; !v.Exported || v.ExportedAs != "Gizmo" || v.KubeVersion != "v1api20210101" || !v.Stable {
		t.Errorf("Widget version: %+v", v)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, cat, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"✓ as Gizmo", "error: broken 2021-01-01 (Microsoft.Broken): broken/resource-manager/Microsoft.Broken/stable/2021-01-01/broken.json:22:9: invalid JSON"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestFilters(t *testing.T) {
	root := specRoot(t)
	cases := []struct {
		f         Filter
		resources int
		err       string
	}{
		{Filter{Group: "cachelite"}, 1, ""},
		{Filter{Group: "cachelite.azure.com", APIVersion: "v1api20200601"}, 1, ""},
		{Filter{Provider: "microsoft.widgets", APIVersion: "2021-01-01"}, -1, ""},
		{Filter{Group: "cachelight"}, 0, `the spec root has no group "cachelight"; did you mean "cachelite"?`},
		{Filter{Provider: "Microsoft.Widget"}, 0, `no provider "Microsoft.Widget"; did you mean "Microsoft.Widgets"?`},
		{Filter{Group: "cachelite", APIVersion: "2020-06-02"}, 0, `no api-version "2020-06-02"; did you mean "2020-06-01"?`},
	}
	for _, c := range cases {
		cat, err := Load(context.Background(), root, c.f, nil)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: got %v, want …%s", c.f, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", c.f, err)
			continue
		}
		if c.resources >= 0 && len(cat.Resources) != c.resources {
			t.Errorf("%+v: %d resources", c.f, len(cat.Resources))
		}
		for _, r := range cat.Resources {
			if c.f.Provider != "" && !strings.EqualFold(r.Provider, c.f.Provider) {
				t.Errorf("%+v: %s from %s", c.f, r.Kind, r.Provider)
			}
		}
	}
	if _, err := Load(context.Background(), filepath.Join(root, "missing"), Filter{}, nil); err == nil {
		t.Error("a missing spec root loaded")
	}
}

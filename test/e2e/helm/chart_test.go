package helm_test

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"helm.sh/helm/v3/pkg/action"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/lint"
	"helm.sh/helm/v3/pkg/lint/support"

	"github.com/armgen/armgen/internal/armctl"
	"github.com/armgen/armgen/internal/helmchart"
)

func fullValuesFile(tb testing.TB) string {
	return filepath.Join(repoRoot(tb), "test", "e2e", "helm", "testdata", "full-values.yaml")
}

func fullValues(tb testing.TB) map[string]any {
	tb.Helper()
	v, err := chartutil.ReadValuesFile(fullValuesFile(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestFullValuesSetEveryValue: the full values file names every leaf of the chart's values.yaml,
// so the tests that render it cover every value.
func TestFullValuesSetEveryValue(t *testing.T) {
	defaults, err := chartutil.ReadValuesFile(filepath.Join(chartDir(t), "values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(leaves("", defaults), leaves("", fullValues(t))); d != "" {
		t.Errorf("testdata/full-values.yaml does not set exactly the chart's values (-chart +file):\n%s", d)
	}
}

// leaves are the dotted names of a values tree down to its sections: a map whose keys are all
// maps is a section; any other value (resources, nodeSelector, ...) is a leaf.
func leaves(prefix string, v map[string]any) []string {
	var out []string
	for k, val := range v {
		if m, ok := val.(map[string]any); ok && (k == "multitenant" || k == "image" || k == "metrics" || k == "certManager") {
			out = append(out, leaves(prefix+k+".", m)...)
			continue
		}
		out = append(out, prefix+k)
	}
	slices.Sort(out)
	return out
}

// TestChartLints: `helm lint` of the chart, with its defaults and with every value set, finds
// nothing at warning level or above.
func TestChartLints(t *testing.T) {
	for name, vals := range map[string]map[string]any{"defaults": nil, "full values": fullValues(t)} {
		t.Run(name, func(t *testing.T) {
			res := lint.All(chartDir(t), vals, helmchart.DefaultRelease.Namespace, false)
			for _, m := range res.Messages {
				if m.Severity >= support.WarningSev {
					t.Errorf("helm lint: %s", m)
				}
			}
		})
	}
}

// TestExportTemplateIsHelmTemplate (acceptance 3): `armctl export template` prints, byte for
// byte, what `helm template armgen charts/armgen --namespace armgen-system` prints for the same
// settings. Helm's side is its install action in client-only dry-run mode over the chart folder,
// which is what `helm template` runs; armctl's renders the chart embedded in it.
func TestExportTemplateIsHelmTemplate(t *testing.T) {
	pattern := "resources.azure.com/*;network.azure.com/VirtualNetwork*"
	for _, tc := range []struct {
		name string
		args []string
		vals map[string]any
	}{
		{"defaults", nil, nil},
		{"crd pattern and version", []string{"--crd-pattern", pattern, "--version", "v0.2.0"},
			map[string]any{"crdPattern": pattern, "image": map[string]any{"tag": "v0.2.0"}}},
		{"values file", []string{"-f", fullValuesFile(t)}, fullValues(t)},
		{"values file and version", []string{"-f", fullValuesFile(t), "--version", "v9"},
			chartutil.MergeTables(map[string]any{"image": map[string]any{"tag": "v9"}}, fullValues(t))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := helmTemplate(t, tc.vals)
			got := exportTemplate(t, tc.args...)
			if got != want {
				t.Errorf("armctl export template %s differs from helm template (-helm +armctl):\n%s", strings.Join(tc.args, " "), cmp.Diff(want, got))
			}
			if !strings.Contains(got, "kind: Deployment") {
				t.Errorf("no Deployment rendered:\n%s", got)
			}
		})
	}
}

// helmTemplate is what `helm template armgen charts/armgen --namespace armgen-system` prints
// with vals: its install action, client only, and its printing of the manifest and hooks.
func helmTemplate(t *testing.T, vals map[string]any) string {
	t.Helper()
	ch, err := loader.Load(chartDir(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &action.Configuration{Log: func(string, ...any) {}}
	inst := action.NewInstall(cfg)
	inst.DryRun, inst.ClientOnly, inst.Replace = true, true, true
	inst.ReleaseName, inst.Namespace = helmchart.DefaultRelease.Name, helmchart.DefaultRelease.Namespace
	if vals == nil {
		vals = map[string]any{}
	}
	rel, err := inst.Run(ch, vals)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString(strings.TrimSpace(rel.Manifest) + "\n")
	for _, h := range rel.Hooks {
		b.WriteString("---\n# Source: " + h.Path + "\n" + h.Manifest + "\n")
	}
	return b.String()
}

func exportTemplate(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	cmd := armctl.NewCommand(armctl.Env{})
	cmd.SetArgs(append([]string{"export", "template"}, args...))
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err != nil {
		t.Fatalf("armctl export template %s: %v", strings.Join(args, " "), err)
	}
	return out.String()
}

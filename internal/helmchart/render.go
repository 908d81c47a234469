package helmchart

import (
	"fmt"
	"strings"

	"helm.sh/helm/v3/pkg/chart"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"helm.sh/helm/v3/pkg/releaseutil"
)

// Release names the release a render is for, as `helm template NAME --namespace NS` does.
type Release struct {
	Name      string
	Namespace string
}

// DefaultRelease is the release config/ is rendered for and `armctl export template` prints:
// the namespace is the one every generated CRD's conversion webhook names.
var DefaultRelease = Release{Name: "armgen", Namespace: "armgen-system"}

// Template renders ch with vals (over the chart's defaults, checked against its
// values.schema.json) and returns what `helm template` prints: every manifest in Helm's install
// order, each under a "# Source:" line. The steps are Helm's own (coalesce and validate the
// values, render, sort), in the order its install action takes them.
func Template(ch *chart.Chart, vals map[string]any, rel Release) (string, error) {
	if vals == nil {
		vals = map[string]any{}
	}
	caps := chartutil.DefaultCapabilities.Copy()
	top, err := chartutil.ToRenderValues(ch, vals, chartutil.ReleaseOptions{
		Name: rel.Name, Namespace: rel.Namespace, Revision: 1, IsInstall: true,
	}, caps)
	if err != nil {
		return "", fmt.Errorf("chart %s: %w", ch.Name(), err)
	}
	var e engine.Engine
	files, err := e.Render(ch, top)
	if err != nil {
		return "", fmt.Errorf("chart %s: %w", ch.Name(), err)
	}
	for name := range files {
		if strings.HasSuffix(name, "NOTES.txt") {
			delete(files, name)
		}
	}
	hooks, manifests, err := releaseutil.SortManifests(files, nil, releaseutil.InstallOrder)
	if err != nil {
		return "", fmt.Errorf("chart %s: %w", ch.Name(), err)
	}
	var b strings.Builder
	for _, m := range manifests {
		fmt.Fprintf(&b, "---\n# Source: %s\n%s\n", m.Name, m.Content)
	}
	out := strings.TrimSpace(b.String()) + "\n"
	for _, h := range hooks {
		out += fmt.Sprintf("---\n# Source: %s\n%s\n", h.Path, h.Manifest)
	}
	return out, nil
}

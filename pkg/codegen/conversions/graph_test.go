package conversions

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

const base = "example.com/apis"

func apiPackage(apiVersion string) astmodel.PackageReference {
	return astmodel.MakeAPIPackage(base, "demo", astmodel.VersionName(apiVersion))
}

// version is one api-version of a kind in a graph test.
type version struct {
	apiVersion string
	// previewFolder marks an api-version found in a preview folder, whatever its name says.
	previewFolder bool
	isHub         bool
}

// kindModel returns, for a kind in the given versions, its API and storage resources, the
// exports of the API versions, and the config that sets $isHub where asked.
func kindModel(t *testing.T, kind string, versions []version) (*config.Config, astmodel.Definitions, selection.Exports) {
	t.Helper()
	yaml := "objectModelConfiguration:\n  demo:\n"
	for _, v := range versions {
		yaml += "    " + v.apiVersion + ":\n      " + kind + ":\n        $export: true\n"
		if v.isHub {
			yaml += "        $isHub: true\n"
		}
	}
	cfg, err := config.Parse("azure-arm.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	defs := astmodel.Definitions{}
	var exps selection.Exports
	for _, v := range versions {
		pkg := apiPackage(v.apiVersion)
		for _, p := range []astmodel.PackageReference{pkg, pkg.StorageTwin()} {
			defs = defs.With(astmodel.Definition{Name: p.TypeName(kind), Type: &astmodel.ResourceType{
				Spec: p.TypeName(kind + "_Spec"), Status: p.TypeName(kind + "_STATUS"), APIVersion: v.apiVersion, IsStorageVersion: true}})
		}
		exps = append(exps, &selection.Export{
			Resource: &loader.Resource{APIVersion: v.apiVersion, Stable: !v.previewFolder && !astmodel.IsPreview(v.apiVersion)},
			Config:   cfg.Group("demo").Version(v.apiVersion).Type(kind),
			Pkg:      pkg, Kind: kind,
		})
	}
	return cfg, defs, exps
}

func TestGraphHub(t *testing.T) {
	cases := []struct {
		name     string
		versions []version
		hub      string
	}{
		{"the newest stable", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01"}}, "2021-01-01"},
		{"stable over a newer preview", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2022-01-01-preview"}}, "2020-01-01"},
		{"stable over an older preview", []version{{apiVersion: "2020-01-01-preview"}, {apiVersion: "2021-01-01"}}, "2021-01-01"},
		{"the newest preview when none is stable", []version{{apiVersion: "2020-01-01-preview"}, {apiVersion: "2021-06-01-preview"}, {apiVersion: "2021-01-01-preview"}}, "2021-06-01-preview"},
		{"a version in a preview folder is a preview", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01", previewFolder: true}}, "2020-01-01"},
		{"$isHub on an older version", []version{{apiVersion: "2020-01-01", isHub: true}, {apiVersion: "2021-01-01"}}, "2020-01-01"},
		{"$isHub on a preview", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01-preview", isHub: true}}, "2021-01-01-preview"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, defs, exps := kindModel(t, "Widget", c.versions)
			graph, out, read, err := Graph(cfg, defs, exps)
			if err != nil {
				t.Fatal(err)
			}
			hub := apiPackage(c.hub).StorageTwin().TypeName("Widget")
			for _, v := range c.versions {
				api := apiPackage(v.apiVersion).TypeName("Widget")
				twin := apiPackage(v.apiVersion).StorageTwin().TypeName("Widget")
				for _, n := range []astmodel.TypeName{api, twin} {
					if got := out[n].Type.(*astmodel.ResourceType).IsStorageVersion; got != (n == hub) {
						t.Errorf("%s: IsStorageVersion = %v", n, got)
					}
					if got, _ := graph.Hub(n); got != hub {
						t.Errorf("hub of %s = %s, want %s", n, got, hub)
					}
				}
				if next, _ := graph.Next(api); next != twin {
					t.Errorf("%s converts to %s, want its storage twin", api, next)
				}
				next, ok := graph.Next(twin)
				switch {
				case twin == hub && ok:
					t.Errorf("the hub converts on to %s", next)
				case twin != hub && next != hub:
					t.Errorf("%s converts to %s, want the hub", twin, next)
				}
				want := "objectModelConfiguration.demo." + v.apiVersion + ".Widget.$isHub"
				if !strings.Contains(strings.Join(read, "\n"), want) {
					t.Errorf("read %v lacks %s", read, want)
				}
			}
			// The input is left as it was.
			if !defs[hub].Type.(*astmodel.ResourceType).IsStorageVersion || !defs[apiPackage(c.versions[0].apiVersion).TypeName("Widget")].Type.(*astmodel.ResourceType).IsStorageVersion {
				t.Error("Graph changed its input")
			}
		})
	}
}

// TestGraphWithoutExports: with no export to ask, the api-version alone tells a preview.
func TestGraphWithoutExports(t *testing.T) {
	cfg, defs, _ := kindModel(t, "Widget", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01-preview"}})
	graph, _, _, err := Graph(cfg, defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if hub, _ := graph.Hub(apiPackage("2021-01-01-preview").TypeName("Widget")); hub != apiPackage("2020-01-01").StorageTwin().TypeName("Widget") {
		t.Errorf("hub %s", hub)
	}
}

func TestGraphErrors(t *testing.T) {
	cases := []struct {
		name  string
		model func(t *testing.T) (*config.Config, astmodel.Definitions, selection.Exports)
		want  []string
	}{
		{
			name: "two $isHub",
			model: func(t *testing.T) (*config.Config, astmodel.Definitions, selection.Exports) {
				return kindModel(t, "Widget", []version{{apiVersion: "2020-01-01", isHub: true}, {apiVersion: "2021-01-01", isHub: true}})
			},
			want: []string{"azure-arm.yaml:", "objectModelConfiguration.demo.2021-01-01.Widget.$isHub", "already has its hub in v1api20200101", "one version of a kind only"},
		},
		{
			name: "no storage twin",
			model: func(t *testing.T) (*config.Config, astmodel.Definitions, selection.Exports) {
				cfg, defs, exps := kindModel(t, "Widget", []version{{apiVersion: "2020-01-01"}})
				return cfg, defs.Without(apiPackage("2020-01-01").StorageTwin().TypeName("Widget")), exps
			},
			want: []string{"has no storage twin", apiPackage("2020-01-01").StorageTwin().TypeName("Widget").String()},
		},
		{
			name: "hubs chosen in both directions",
			model: func(t *testing.T) (*config.Config, astmodel.Definitions, selection.Exports) {
				cfg, defs, exps := kindModel(t, "Widget", []version{{apiVersion: "2020-01-01", isHub: true}, {apiVersion: "2021-01-01"}})
				_, gadgets, more := kindModel(t, "Gadget", []version{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01"}})
				for n, d := range gadgets {
					defs = defs.With(astmodel.Definition{Name: n, Type: d.Type})
				}
				return cfg, defs, append(exps, more...)
			},
			want: []string{"would import each other", "demo/Widget", "demo/Gadget", "$isHub"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, defs, exps := c.model(t)
			_, _, _, err := Graph(cfg, defs, exps)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestCheckStorageImports(t *testing.T) {
	v1, v2, v3 := apiPackage("2020-01-01"), apiPackage("2021-01-01"), apiPackage("2022-01-01")
	type kind struct {
		versions []astmodel.PackageReference
		hub      astmodel.PackageReference
	}
	all := []astmodel.PackageReference{v1, v2, v3}
	cases := []struct {
		name  string
		kinds map[string]kind
		ok    bool
	}{
		{"all hubs in the newest", map[string]kind{"A": {all, v3}, "B": {all, v3}}, true},
		{"all hubs in the oldest", map[string]kind{"A": {all, v1}, "B": {all, v1}}, true},
		// v1 -> v2 for A, v2 -> v3 for B: a chain, not a loop.
		{"hubs in different versions, one direction", map[string]kind{"A": {all[:2], v2}, "B": {all[1:], v3}}, true},
		// v3 -> v2 for A, v2 -> v3 for B.
		{"hubs in different versions, both directions", map[string]kind{"A": {all, v2}, "B": {all, v3}}, false},
		{"hubs in opposite versions", map[string]kind{"A": {all, v1}, "B": {all, v3}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := astmodel.NewConversionGraph()
			for name, k := range c.kinds {
				twins := map[astmodel.TypeName]astmodel.TypeName{}
				for _, v := range k.versions {
					twins[v.TypeName(name)] = v.StorageTwin().TypeName(name)
				}
				if err := g.AddKind(astmodel.GroupKind{Group: "demo", Kind: name}, twins, k.hub.StorageTwin().TypeName(name)); err != nil {
					t.Fatal(err)
				}
			}
			err := checkStorageImports(g)
			if (err == nil) != c.ok {
				t.Errorf("error %v, want ok = %v", err, c.ok)
			}
		})
	}
}

// TestGraphStoresASingleAPIVersionItself: a kind with one API version is stored at that
// version, not at its storage twin, which stays the hub the twin's conversions go through.
func TestGraphStoresASingleAPIVersionItself(t *testing.T) {
	cfg, defs, exps := kindModel(t, "Widget", []version{{apiVersion: "2021-01-01"}})
	graph, out, _, err := Graph(cfg, defs, exps)
	if err != nil {
		t.Fatal(err)
	}
	api := apiPackage("2021-01-01").TypeName("Widget")
	twin := api.Package.StorageTwin().TypeName("Widget")
	if !out[api].Type.(*astmodel.ResourceType).IsStorageVersion {
		t.Errorf("%s: IsStorageVersion = false, want the single API version stored", api)
	}
	if out[twin].Type.(*astmodel.ResourceType).IsStorageVersion {
		t.Errorf("%s: IsStorageVersion = true, want only the API version stored", twin)
	}
	if hub, _ := graph.Hub(api); hub != twin {
		t.Errorf("hub of %s = %s, want its storage twin %s", api, hub, twin)
	}
}

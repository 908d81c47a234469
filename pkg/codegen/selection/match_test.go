package selection

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

var longSegments = []string{"databaseAccounts", "mongodbDatabases", "collections", "throughputSettings"}

// matchVersion parses types (YAML entries of objectModelConfiguration.demo.2020-01-01, indented
// by two spaces) into a version that discovered Widget and a resource whose kind is too long.
func matchVersion(t *testing.T, types string) (*config.Config, Versions) {
	t.Helper()
	yaml := "objectModelConfiguration:\n  demo:\n    2020-01-01:\n"
	for _, l := range strings.Split(strings.TrimRight(types, "\n"), "\n") {
		yaml += "      " + l + "\n"
	}
	cfg, err := config.Parse("azure-arm.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	setting := func(scope astmodel.Scope, path string) *loader.Resource {
		return &loader.Resource{Kind: "Setting", Segments: []string{"settings"}, ARMType: "Microsoft.Demo/settings", Scope: scope, Path: path}
	}
	// Settings are declared at subscription scope (preferred) and for any resource.
	settings := setting(astmodel.ScopeSubscription, "/subscriptions/{s}/providers/Microsoft.Demo/settings/{name}")
	settings.Alternatives = []*loader.Resource{setting(astmodel.ScopeExtension, "/{resourceUri}/providers/Microsoft.Demo/settings/{name}")}
	cat := &loader.Catalogue{Resources: []*loader.Resource{
		settings,
		{Kind: "Widget", Segments: []string{"widgets"}, ARMType: "Microsoft.Demo/widgets"},
		{Kind: loader.KindName(longSegments), Segments: longSegments, ARMType: "Microsoft.Demo/" + strings.Join(longSegments, "/")},
	}}
	v := &APIVersion{Config: cfg.Group("demo").Version("2020-01-01"), Group: "demo",
		Pkg: astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101"), Catalog: cat}
	return cfg, Versions{v}
}

func TestMatch(t *testing.T) {
	long := loader.KindName(longSegments)
	cases := []struct {
		name, types string
		wantKinds   []string
	}{
		{"an export", "Widget:\n  $export: true", []string{"Widget"}},
		{"a renamed export", "Widget:\n  $exportAs: Gizmo", []string{"Gizmo"}},
		{"a long kind renamed short", long + ":\n  $exportAs: ThroughputSetting", []string{"ThroughputSetting"}},
		{"an entry not exported may name anything", "Widgit:\n  $export: false", nil},
		{"a type declared at several scopes", "Setting:\n  $export: true", []string{"Setting"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, versions := matchVersion(t, c.types)
			exps, read, err := Match(cfg, versions)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, e := range exps {
				kinds = append(kinds, e.Kind)
				if e.Pkg != versions[0].Pkg || e.Config == nil || e.Version != versions[0].Config || e.Resource == nil {
					t.Errorf("export %+v", e)
				}
			}
			if strings.Join(kinds, ",") != strings.Join(c.wantKinds, ",") {
				t.Errorf("exports %v, want %v", kinds, c.wantKinds)
			}
			if len(read) != 3 || !strings.HasSuffix(read[0], ".$export") || !strings.HasSuffix(read[1], ".$exportAs") || !strings.HasSuffix(read[2], ".$scope") {
				t.Errorf("read %v", read)
			}
		})
	}
}

// TestMatchScope: $scope exports the declaration of a type at that scope instead of the one
// discovery prefers (the narrowest).
func TestMatchScope(t *testing.T) {
	for _, c := range []struct {
		types string
		want  astmodel.Scope
	}{
		{"Setting:\n  $export: true", astmodel.ScopeSubscription},
		{"Setting:\n  $export: true\n  $scope: extension", astmodel.ScopeExtension},
		{"Setting:\n  $export: true\n  $scope: subscription", astmodel.ScopeSubscription},
	} {
		cfg, versions := matchVersion(t, c.types)
		exps, _, err := Match(cfg, versions)
		if err != nil {
			t.Fatal(err)
		}
		if len(exps) != 1 || exps[0].Resource.Scope != c.want || exps[0].Kind != "Setting" {
			t.Errorf("%q: exports %+v, want Setting at %s scope", c.types, exps, c.want)
		}
	}
}

func TestMatchErrors(t *testing.T) {
	long := loader.KindName(longSegments)
	cases := []struct {
		name, types string
		want        []string
	}{
		{"an unknown kind", "Widgit:\n  $export: true",
			[]string{"azure-arm.yaml:4:7", "objectModelConfiguration.demo.2020-01-01.Widgit", "has no resource Widgit", `did you mean "Widget"`}},
		{"a kind too long for Kubernetes", long + ":\n  $export: true",
			[]string{"objectModelConfiguration.demo.2020-01-01." + long, "set $exportAs", `did you mean "` + loader.ShortKindName(longSegments) + `"`}},
		{"a rename too long for Kubernetes", "Widget:\n  $exportAs: " + long,
			[]string{"objectModelConfiguration.demo.2020-01-01.Widget", "kind " + long}},
		{"a scope the type is not declared at", "Setting:\n  $export: true\n  $scope: tenant",
			[]string{"azure-arm.yaml:4:7", "objectModelConfiguration.demo.2020-01-01.Setting.$scope", "Microsoft.Demo/settings", "at the scopes subscription, extension only, not tenant"}},
		{"a scope on an entry not exported", "Setting:\n  $scope: extension",
			[]string{"objectModelConfiguration.demo.2020-01-01.Setting.$scope", "Setting is not exported", "$export: true"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, versions := matchVersion(t, c.types)
			_, _, err := Match(cfg, versions)
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

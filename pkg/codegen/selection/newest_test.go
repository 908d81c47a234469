package selection

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// offered is a resource type as one api-version offers it.
type offered struct {
	apiVersion string
	armType    string // widgets when empty
	kind       string // Widget when empty
}

// allVersions makes the versions of an --all run, each offering its resources.
func allVersions(offers []offered) Versions {
	byVersion := map[string]*APIVersion{}
	var out Versions
	for _, o := range offers {
		v, ok := byVersion[o.apiVersion]
		if !ok {
			v = &APIVersion{Group: "demo", Pkg: astmodel.MakeAPIPackage("example.com/apis", "demo", astmodel.VersionName(o.apiVersion)),
				Config:  &config.VersionConfig{APIVersion: o.apiVersion, Path: "(--all).demo." + o.apiVersion},
				Catalog: &loader.Catalogue{}}
			byVersion[o.apiVersion] = v
			out = append(out, v)
		}
		armType, kind := o.armType, o.kind
		if armType == "" {
			armType = "widgets"
		}
		if kind == "" {
			kind = "Widget"
		}
		v.Catalog.Resources = append(v.Catalog.Resources, &loader.Resource{Namespace: "Microsoft.Demo", ARMType: "Microsoft.Demo/" + armType,
			Segments: strings.Split(armType, "/"), Kind: kind, APIVersion: o.apiVersion, Stable: !astmodel.IsPreview(o.apiVersion)})
	}
	return out
}

// chosen lists what Newest exports, as apiVersion/kind (exportAs).
func chosen(vs Versions) []string {
	var out []string
	for _, v := range vs {
		for _, tc := range v.Config.Types {
			s := v.Config.APIVersion + "/" + tc.Name
			if tc.ExportAs != "" {
				s += " as " + tc.ExportAs
			}
			if !tc.Export {
				s += " (not exported)"
			}
			out = append(out, s)
		}
	}
	return out
}

func TestNewest(t *testing.T) {
	long := strings.Join(longSegments, "/")
	cases := []struct {
		name   string
		offers []offered
		want   []string
	}{
		{"newer over older", []offered{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01"}}, []string{"2021-01-01/Widget"}},
		{"newer over older, whatever the order", []offered{{apiVersion: "2021-01-01"}, {apiVersion: "2020-01-01"}}, []string{"2021-01-01/Widget"}},
		{"stable over a newer preview", []offered{{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01-preview"}}, []string{"2020-01-01/Widget"}},
		{"the newest preview without a stable version", []offered{{apiVersion: "2020-01-01-preview"}, {apiVersion: "2021-01-01-preview"}}, []string{"2021-01-01-preview/Widget"}},
		{"each resource type on its own", []offered{
			{apiVersion: "2020-01-01"}, {apiVersion: "2021-01-01", armType: "gadgets", kind: "Gadget"}, {apiVersion: "2020-01-01", armType: "gadgets", kind: "Gadget"},
		}, []string{"2020-01-01/Widget", "2021-01-01/Gadget"}},
		{"two resource types of one kind: the newer", []offered{
			{apiVersion: "2020-01-01", armType: "api-version-sets", kind: "ApiVersionSet"}, {apiVersion: "2021-01-01", armType: "apiVersionSets", kind: "ApiVersionSet"},
		}, []string{"2021-01-01/ApiVersionSet"}},
		{"a long kind is shortened", []offered{{apiVersion: "2020-01-01", armType: long, kind: loader.KindName(longSegments)}},
			[]string{"2020-01-01/" + loader.KindName(longSegments) + " as " + loader.ShortKindName(longSegments)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, cov := Newest(allVersions(c.offers))
			if got := chosen(out); strings.Join(got, "; ") != strings.Join(c.want, "; ") {
				t.Errorf("exports %v, want %v", got, c.want)
			}
			if _, generated, _ := cov.Totals(); generated != len(c.want) {
				t.Errorf("coverage counts %d generated, want %d", generated, len(c.want))
			}
		})
	}
}

// TestNewestCoverage: a kind lost to another resource type is reported with the reason; a path
// skipped for a type generated elsewhere is an alias, not a loss.
func TestNewestCoverage(t *testing.T) {
	vs := allVersions([]offered{
		{apiVersion: "2020-01-01", armType: "api-version-sets", kind: "ApiVersionSet"},
		{apiVersion: "2021-01-01", armType: "apiVersionSets", kind: "ApiVersionSet"},
	})
	vs[0].Catalog.Skipped = []loader.Skipped{
		{Path: "/providers/Microsoft.Demo/apiVersionSets/{name}", ARMType: "Microsoft.Demo/apiVersionSets", Duplicate: true, Reason: "declared at several scopes"},
		{Path: "/subscriptions/{s}/providers/Microsoft.Demo/things/{name}", Reason: "path ends in a type segment"},
	}
	_, cov := Newest(vs)
	d, g, s := cov.Totals()
	if d != 3 || g != 1 || s != 2 {
		t.Errorf("discovered %d, generated %d, skipped %d; want 3, 1, 2", d, g, s)
	}
	p := cov.Providers[0]
	if p.Namespace != "Microsoft.Demo" || len(p.Aliases) != 1 || p.Aliases[0].Resource != "/providers/Microsoft.Demo/apiVersionSets/{name}" {
		t.Errorf("provider %+v", p)
	}
	var reasons []string
	for _, sk := range p.Skipped {
		reasons = append(reasons, sk.Resource+": "+sk.Reason)
	}
	joined := strings.Join(reasons, "\n")
	if !strings.Contains(joined, "Microsoft.Demo/api-version-sets: kind ApiVersionSet is also the kind of Microsoft.Demo/apiVersionSets") ||
		!strings.Contains(joined, "things/{name}: path ends in a type segment") {
		t.Errorf("skipped:\n%s", joined)
	}
}

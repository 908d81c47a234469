package generated_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/crdcheck"
)

// The golden cases (specs/testdata/cases/*/golden) are committed output too, of hand-written
// swagger with shapes the configured set may lack: their CRDs must pass the API server's checks
// and match what controller-gen makes of their Go code, as generated/'s must.

// goldenCases returns the golden output folder of each case, by case name.
func goldenCases(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join(repoRoot(t), "specs", "testdata", "cases")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	for _, e := range entries {
		if e.IsDir() {
			out[e.Name()] = filepath.Join(root, e.Name(), "golden")
		}
	}
	if len(out) == 0 {
		t.Fatalf("no cases in %s", root)
	}
	return out
}

// apiPackages lists the import paths of the API packages below golden, one by one: the loader
// controller-gen uses finds nothing below a testdata folder through a ... pattern.
func apiPackages(t *testing.T, golden string) []string {
	t.Helper()
	root := repoRoot(t)
	var pkgs []string
	err := filepath.WalkDir(golden, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) != "groupversion_info_gen.go" {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err == nil {
			pkgs = append(pkgs, "github.com/armgen/armgen/"+filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func caseCRDs(t *testing.T, golden string) []*apiextv1.CustomResourceDefinition {
	t.Helper()
	crds, err := crdcheck.LoadDir(filepath.Join(golden, "crds"))
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) == 0 {
		t.Fatalf("no CRDs in %s", golden)
	}
	return crds
}

func TestGoldenCaseCRDs(t *testing.T) {
	for name, golden := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			crds := caseCRDs(t, golden)
			t.Run("APIServerChecks", func(t *testing.T) {
				for _, crd := range crds {
					for _, e := range crdcheck.Validate(crd) {
						t.Errorf("%s: %v", crd.Name, e)
					}
				}
			})
			t.Run("MatchesControllerGen", func(t *testing.T) {
				if testing.Short() {
					t.Skip("loads and type-checks the case's Go packages")
				}
				rel, err := filepath.Rel(repoRoot(t), golden)
				if err != nil {
					t.Fatal(err)
				}
				matchControllerGen(t, apiPackages(t, golden), crds, filepath.Join(rel, "crds"))
			})
		})
	}
}

// TestPolymorphicResourceHoldsOneVariant: the routes case's RoutersPolicy and RoutersPeering have
// a polymorphic PUT body, so their specs are unions that also have azureName, owner and
// operatorSpec. A manifest that sets those and one variant is accepted; none or two variants are
// refused, whatever else is set.
func TestPolymorphicResourceHoldsOneVariant(t *testing.T) {
	crds := caseCRDs(t, goldenCases(t)["routes"])
	cases := []struct {
		kind, names string
		ok, bad     []string
	}{{
		kind: "RoutersPolicy", names: "[default import static]",
		ok: []string{
			"  static: {kind: Static, prefixes: [10.0.0.0/8], nextHop: 10.0.0.1}\n",
			"  import: {kind: Import, sourceRouterReference: {armId: /subscriptions/s/resourceGroups/g/providers/Microsoft.Routes/routers/r2}}\n",
			"  default: {kind: Default}\n",
		},
		bad: []string{"", "  static: {kind: Static, prefixes: [10.0.0.0/8]}\n  default: {kind: Default}\n"},
	}, {
		kind: "RoutersPeering", names: "[external internal]",
		ok: []string{
			"  external: {peerType: External, peerAsn: 65001, peerAddress: 192.0.2.1}\n",
			"  internal: {peerType: Internal, routeReflectorClient: true}\n",
		},
		bad: []string{"", "  external: {peerType: External, peerAsn: 65001}\n  internal: {peerType: Internal}\n"},
	}}
	for _, c := range cases {
		crd := crdcheck.Find(crds, schema.GroupKind{Group: "routes.azure.com", Kind: c.kind})
		if crd == nil {
			t.Fatalf("the routes case has no %s CRD", c.kind)
		}
		manifest := func(variants string) map[string]any {
			doc := "apiVersion: routes.azure.com/v1api20220301\nkind: " + c.kind + `
metadata: {name: p1, namespace: default}
spec:
  azureName: p1
  owner: {name: r1}
  operatorSpec: {secretExpressions: []}
` + variants
			obj, err := crdcheck.ParseObject([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			return obj
		}
		for _, ok := range c.ok {
			if err := crdcheck.ValidateObject(crd, "v1api20220301", manifest(ok)); err != nil {
				t.Errorf("%s with one variant %q: %v", c.kind, strings.TrimSpace(ok), err)
			}
		}
		for _, bad := range c.bad {
			err := crdcheck.ValidateObject(crd, "v1api20220301", manifest(bad))
			if err == nil || !strings.Contains(err.Error(), "exactly one of the fields in "+c.names+" must be set") {
				t.Errorf("%s with variants %q: want the one-variant rule to refuse it, got %v", c.kind, strings.TrimSpace(bad), err)
			}
		}
	}
}

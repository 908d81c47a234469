package stages

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// runCacheLite runs the pipeline up to plan-conversions over the cachelite fixture with the given
// entries for the two versions of Cache.
func runCacheLite(t *testing.T, older, newer string) (pipeline.State, error) {
	t.Helper()
	cfg := parseConfig(t, "objectModelConfiguration:\n  cachelite:\n"+
		"    2020-06-01:\n      Cache:\n        $export: true\n"+older+
		"    2020-12-01:\n      Cache:\n        $export: true\n"+newer)
	return runTo(cfg, PlanConversions)
}

func cacheIn(version string, storage bool) astmodel.TypeName {
	pkg := astmodel.MakeAPIPackage(config.DefaultOutputPackage, "cachelite", version)
	if storage {
		pkg = pkg.StorageTwin()
	}
	return pkg.TypeName("Cache")
}

// TestConversionGraph checks the hub each kind gets, and that only the hub is stored.
func TestConversionGraph(t *testing.T) {
	cases := []struct {
		name, older, newer string
		hub                string
	}{
		{"newest stable by default", "", "", "v1api20201201"},
		{"$isHub chooses", "        $isHub: true\n", "", "v1api20200601"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := runCacheLite(t, c.older, c.newer)
			if err != nil {
				t.Fatal(err)
			}
			graph := mustGet(t, s, conversionGraphKey)
			hub := cacheIn(c.hub, true)
			for _, v := range []string{"v1api20200601", "v1api20201201"} {
				for _, storage := range []bool{false, true} {
					n := cacheIn(v, storage)
					r, ok := s.Definitions()[n].Type.(*astmodel.ResourceType)
					if !ok {
						t.Fatalf("no resource %s", n)
					}
					if r.IsStorageVersion != (n == hub) {
						t.Errorf("%s: IsStorageVersion = %v", n, r.IsStorageVersion)
					}
					if got, _ := graph.Hub(n); got != hub {
						t.Errorf("hub of %s = %s, want %s", n, got, hub)
					}
					next, ok := graph.Next(n)
					switch {
					case n == hub && ok:
						t.Errorf("the hub %s converts on to %s", n, next)
					case !storage && next != cacheIn(v, true):
						t.Errorf("%s converts to %s, want its storage twin", n, next)
					case storage && n != hub && next != hub:
						t.Errorf("%s converts to %s, want the hub", n, next)
					}
				}
			}
		})
	}
}

// TestConversionGraphRefusesTwoHubs: $isHub may mark one version of a kind only.
func TestConversionGraphRefusesTwoHubs(t *testing.T) {
	_, err := runCacheLite(t, "        $isHub: true\n", "        $isHub: true\n")
	if err == nil || !strings.Contains(err.Error(), "objectModelConfiguration.cachelite.2020-12-01.Cache.$isHub") ||
		!strings.Contains(err.Error(), "may be set on one version of a kind only") {
		t.Fatalf("got %v", err)
	}
}

// TestPlanConversions checks how the properties of the two storage versions of Cache_Spec pair
// up: by name, through a configured rename, or through the property bag where one side lacks the
// property or the types differ.
func TestPlanConversions(t *testing.T) {
	s, err := runCacheLite(t, "", "        nonSslPortEnabled:\n          $renamedFrom: enableNonSslPort\n")
	if err != nil {
		t.Fatal(err)
	}
	conv := mustGet(t, s, conversionsKey)
	self := cacheIn("v1api20200601", true).WithName("Cache_Spec")
	other := cacheIn("v1api20201201", true).WithName("Cache_Spec")
	a, ok := conv.Between(self, other)
	if !ok {
		t.Fatalf("no assignment between %s and %s", self, other)
	}
	if a.SelfBag != "PropertyBag" || a.OtherBag != "PropertyBag" || a.FromMethod != "AssignProperties_From_Cache_Spec" || a.ToMethod != "AssignProperties_To_Cache_Spec" {
		t.Errorf("assignment %+v", a)
	}
	got := make(map[string]string)
	for _, st := range a.Steps {
		switch {
		case st.Converts():
			got[st.Self.Name] = st.Other.Name + ": " + st.To.String()
		case st.Self != nil && st.Other != nil:
			got[st.Self.Name] = "bag both ways"
		case st.Self != nil:
			got[st.Self.Name] = "bag (only here)"
		default:
			got[st.Other.Name] = "bag (only there)"
		}
	}
	want := map[string]string{
		"EnableNonSslPort":   "NonSslPortEnabled: optional(assign)",
		"EvictionPolicy":     "EvictionPolicy: optional(assign)",
		"ShardCount":         "bag both ways",
		"ReplicasPerPrimary": "bag (only there)",
		"Sku":                "Sku: optional(AssignProperties_To_Sku)",
		"Tags":               "Tags: map(assign)",
		"Owner":              "Owner: optional(deepcopy)",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: got %q, want %q", k, got[k], w)
		}
	}
	// Between an API version and its storage twin everything converts, enums by a cast.
	api, _ := conv.Between(cacheIn("v1api20201201", false).WithName("Cache_Spec"), other)
	for _, st := range api.Steps {
		if !st.Converts() {
			t.Errorf("%s does not convert to the storage twin", st.Name())
		}
		if st.Self != nil && st.Self.Name == "EvictionPolicy" && st.To.String() != "optional(cast to string)" {
			t.Errorf("EvictionPolicy converts by %s", st.To)
		}
	}
}

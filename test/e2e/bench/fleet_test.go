package bench_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestFleet: the fleet has exactly n objects, of at least 20 kinds once it holds one copy of
// the samples, each kind in equal shares (give or take one), unique names, every owner and
// every reference by name among the objects before it (so nothing waits for an object that
// will never come, whatever n), and no two objects exporting to the same Secret or ConfigMap key.
func TestFleet(t *testing.T) {
	scheme, err := cluster.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	samples, err := bench.LoadSamples(filepath.Join("..", "..", "..", "samples"), bench.FleetSamples)
	if err != nil {
		t.Fatal(err)
	}
	per := len(samples)
	for _, n := range []int{1, 2, per - 1, per, per + 1, 1000, 1003} {
		objs, err := bench.Fleet(scheme, samples, "ns", n)
		if err != nil {
			t.Fatal(err)
		}
		if len(objs) != n {
			t.Fatalf("n=%d: %d objects", n, len(objs))
		}
		seen := map[string]bool{}
		exports := map[string]string{}
		for _, obj := range objs {
			key := kindName(t, scheme, obj)
			if seen[key] {
				t.Fatalf("n=%d: %s twice", n, key)
			}
			if obj.GetNamespace() != "ns" {
				t.Fatalf("n=%d: %s is in namespace %q", n, key, obj.GetNamespace())
			}
			for _, dep := range dependencies(t, obj) {
				if !seen[dep] {
					t.Fatalf("n=%d: %s needs %s, not made before it", n, key, dep)
				}
			}
			for _, dest := range exportDestinations(t, obj) {
				if other, dup := exports[dest]; dup {
					t.Fatalf("n=%d: %s and %s both export to %s", n, other, key, dest)
				}
				exports[dest] = key
			}
			seen[key] = true
		}
		counts, err := bench.KindCounts(scheme, objs)
		if err != nil {
			t.Fatal(err)
		}
		if n >= per && len(counts) < 20 {
			t.Errorf("n=%d: %d kinds, want at least 20: %v", n, len(counts), counts)
		}
		for kind, got := range counts {
			// Kinds sampled in two versions (subnets) count twice a copy.
			if lo := n / per; got < lo || got > 2*(lo+1) {
				t.Errorf("n=%d: %d of %s, want about %d", n, got, kind, lo)
			}
		}
	}
}

// TestLoadSamplesRefusesInputs: a sample with a Secret beside it names the file and why.
func TestLoadSamplesRefusesInputs(t *testing.T) {
	dir := t.TempDir()
	doc := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n---\n" +
		"apiVersion: resources.azure.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westus2\n"
	if err := os.WriteFile(filepath.Join(dir, "rg.yaml"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := bench.LoadSamples(dir, []string{"rg.yaml"})
	if err == nil || !strings.Contains(err.Error(), "rg.yaml: 2 objects") {
		t.Fatalf("got %v, want an error naming rg.yaml and its 2 objects", err)
	}
}

// kindName is obj's group/Kind/name.
func kindName(t *testing.T, scheme *runtime.Scheme, obj client.Object) string {
	t.Helper()
	gvk, err := apiutil.GVKForObject(obj, scheme)
	if err != nil {
		t.Fatal(err)
	}
	return gvk.Group + "/" + gvk.Kind + "/" + obj.GetName()
}

// dependencies are the owner and the objects referred to by Kubernetes name, as group/Kind/name.
func dependencies(t *testing.T, obj client.Object) []string {
	t.Helper()
	var out []string
	if o, ok := obj.(genruntime.ARMMetaObject); ok {
		if ref := o.Owner(); ref != nil && ref.Name != "" {
			out = append(out, ref.Group+"/"+ref.Kind+"/"+ref.Name)
		}
	}
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := u["spec"].(map[string]any)
	delete(spec, "owner")
	delete(spec, "operatorSpec")
	walk(spec, func(m map[string]any) {
		name, _ := m["name"].(string)
		kind, _ := m["kind"].(string)
		group, _ := m["group"].(string)
		if name != "" && kind != "" && group != "" {
			out = append(out, group+"/"+kind+"/"+name)
		}
	})
	return out
}

// exportDestinations are the Secret and ConfigMap keys obj exports to, as name/key.
func exportDestinations(t *testing.T, obj client.Object) []string {
	t.Helper()
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := u["spec"].(map[string]any)
	var out []string
	walk(spec["operatorSpec"], func(m map[string]any) {
		name, _ := m["name"].(string)
		key, _ := m["key"].(string)
		if name != "" && key != "" {
			out = append(out, name+"/"+key)
		}
	})
	return out
}

func walk(v any, visit func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		visit(v)
		for _, c := range v {
			walk(c, visit)
		}
	case []any:
		for _, c := range v {
			walk(c, visit)
		}
	}
}

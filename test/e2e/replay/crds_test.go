package replay_test

import (
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/internal/crdcheck"
)

// selectCRDs copies into a temporary folder the generated CRD files that define the kinds the
// fixtures create, for InstallCRDs.
func selectCRDs(tb testing.TB, root string, fixtures []*fixture) string {
	want := map[schema.GroupKind]bool{}
	for _, f := range fixtures {
		for _, o := range f.objects {
			gvk, err := apiutil.GVKForObject(o, shared.Scheme)
			if err != nil {
				tb.Fatalf("%s: %v", f.file, err)
			}
			want[gvk.GroupKind()] = true
		}
	}
	out := tb.TempDir()
	for gk := range want {
		files, _ := filepath.Glob(filepath.Join(root, gk.Group, "*.yaml"))
		found := false
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				tb.Fatal(err)
			}
			crds, err := crdcheck.Decode(file, data)
			if err != nil || len(crds) != 1 || crds[0].Spec.Names.Kind != gk.Kind {
				continue // kustomization.yaml, or another kind's CRD
			}
			if err := os.WriteFile(filepath.Join(out, gk.Group+"_"+filepath.Base(file)), data, 0o644); err != nil {
				tb.Fatal(err)
			}
			found = true
		}
		if !found {
			tb.Fatalf("no CRD for %s under %s", gk, root)
		}
	}
	return out
}

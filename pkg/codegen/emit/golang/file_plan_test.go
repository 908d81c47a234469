package golang

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestReachableBeyondPlansAsReachable: what each file reaches beyond the earlier files' types
// leaves out only what they placed, so every file takes what it took when each resource's
// whole graph was walked (astmodel.Reachable), in every package of the test model.
func TestReachableBeyondPlansAsReachable(t *testing.T) {
	defs := testModel(goldenBase)
	for _, pkg := range defs.Packages() {
		pkgDefs := defs.InPackage(pkg)
		if len(pkgDefs.Resources()) == 0 {
			continue
		}
		placed := map[astmodel.TypeName]bool{}
		for _, r := range pkgDefs.Resources() {
			placed[r.Name] = true
		}
		done := map[astmodel.TypeName]bool{}
		for _, r := range pkgDefs.Resources() {
			roots := []astmodel.TypeName{r.Name}
			rt := r.Type.(*astmodel.ResourceType)
			var want, got []astmodel.TypeName
			for _, n := range sortedNames(astmodel.Reachable(pkgDefs, roots)) {
				if _, ok := pkgDefs[n]; ok && !placed[n] {
					want = append(want, n)
				}
			}
			for _, n := range sortedNames(reachableBeyond(pkgDefs, roots, done)) {
				if _, ok := pkgDefs[n]; ok && !placed[n] {
					got = append(got, n)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, from %s (-Reachable +reachableBeyond):\n%s", pkg, r.Name.Name, diff)
			}
			for _, n := range append([]astmodel.TypeName{r.Name, rt.Spec, rt.Status}, want...) {
				placed[n], done[n] = true, true
			}
		}
	}
}

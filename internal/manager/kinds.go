package manager

import (
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/crdmanagement"
)

// selectKinds keeps the kinds to watch whose CRD the API server serves: the operator may run in
// a cluster where only some groups are installed, and watching a kind without a CRD would fail
// the manager's start. With CRD management, served (the kinds whose CRD of ours is installed) is
// what to watch, pattern or not, as ASO does; without, the pattern (empty: every kind) says.
func selectKinds(all []schema.GroupVersionKind, pattern string, served map[schema.GroupKind]bool, mapper meta.RESTMapper) (selected []schema.GroupVersionKind, skipped []string, err error) {
	p, err := crdmanagement.ParsePattern(pattern)
	if err != nil {
		return nil, nil, err
	}
	for _, gvk := range all {
		switch {
		case served != nil:
			if !served[gvk.GroupKind()] {
				continue
			}
		case !p.Empty() && !p.Matches(gvk.Group, gvk.Kind):
			continue
		}
		if _, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version); err != nil {
			if meta.IsNoMatchError(err) {
				skipped = append(skipped, gvk.GroupKind().String())
				continue
			}
			return nil, nil, fmt.Errorf("looking up the CRD of %s: %w", gvk.GroupKind(), err)
		}
		selected = append(selected, gvk)
	}
	return selected, skipped, nil
}

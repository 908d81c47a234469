package manager

import (
	"fmt"
	"path"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// selectKinds keeps the kinds the pattern matches and whose CRD the API server serves: the
// operator may run in a cluster where only some groups are installed, and watching a kind
// without a CRD would fail the manager's start.
func selectKinds(all []schema.GroupVersionKind, pattern string, mapper meta.RESTMapper) (selected []schema.GroupVersionKind, skipped []string, err error) {
	patterns, err := parsePattern(pattern)
	if err != nil {
		return nil, nil, err
	}
	for _, gvk := range all {
		if !matches(patterns, gvk) {
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

func parsePattern(pattern string) ([]string, error) {
	var out []string
	for _, p := range strings.Split(pattern, ";") {
		p = strings.ToLower(strings.TrimSpace(p))
		if p == "" {
			continue
		}
		if p != "*" && !strings.Contains(p, "/") {
			return nil, fmt.Errorf("--crd-pattern %q: each pattern is group/Kind (network.azure.com/*), separated by ';'", p)
		}
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("--crd-pattern %q: %w", p, err)
		}
		out = append(out, p)
	}
	return out, nil
}

func matches(patterns []string, gvk schema.GroupVersionKind) bool {
	if len(patterns) == 0 {
		return true
	}
	name := strings.ToLower(gvk.Group + "/" + gvk.Kind)
	for _, p := range patterns {
		if p == "*" {
			return true
		}
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

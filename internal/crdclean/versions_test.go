package crdclean

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// v is a spec.versions entry: "+" served, "*" storage.
func v(spec string) apiextv1.CustomResourceDefinitionVersion {
	name := strings.TrimRight(spec, "+*")
	return apiextv1.CustomResourceDefinitionVersion{Name: name, Served: strings.Contains(spec, "+"), Storage: strings.Contains(spec, "*")}
}

func crd(stored []string, versions ...string) *apiextv1.CustomResourceDefinition {
	c := &apiextv1.CustomResourceDefinition{ObjectMeta: metav1.ObjectMeta{Name: "widgets.resources.azure.com"}}
	for _, s := range versions {
		c.Spec.Versions = append(c.Spec.Versions, v(s))
	}
	c.Status.StoredVersions = stored
	return c
}

func TestPlanFor(t *testing.T) {
	for _, tc := range []struct {
		name string
		crd  *apiextv1.CustomResourceDefinition
		want Plan
	}{
		{"all served", crd([]string{"a", "b"}, "a+", "b+*"),
			Plan{Stored: []string{"a", "b"}, Keep: []string{"a", "b"}, Storage: "b", ReadAt: "b"}},
		{"old version no longer served", crd([]string{"a", "b"}, "a", "b+*"),
			Plan{Stored: []string{"a", "b"}, Drop: []string{"a"}, Keep: []string{"b"}, Storage: "b", ReadAt: "b"}},
		{"version no longer listed", crd([]string{"a", "b"}, "b+*"),
			Plan{Stored: []string{"a", "b"}, Drop: []string{"a"}, Keep: []string{"b"}, Storage: "b", ReadAt: "b"}},
		{"storage version missing from storedVersions", crd([]string{"a"}, "a", "b+*"),
			Plan{Stored: []string{"a"}, Drop: []string{"a"}, Keep: []string{"b"}, Storage: "b", ReadAt: "b"}},
		{"storage version not served: read through another, keep it stored", crd([]string{"a", "b"}, "a", "b*", "c+"),
			Plan{Stored: []string{"a", "b"}, Drop: []string{"a"}, Keep: []string{"b"}, Storage: "b", ReadAt: "c"}},
	} {
		tc.want.CRD = tc.crd.Name
		got, err := PlanFor(tc.crd)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s: plan (-want +got):\n%s", tc.name, d)
		}
	}
}

func TestPlanForRefusesWhatCannotBeCleaned(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		crd        *apiextv1.CustomResourceDefinition
	}{
		{"no storage version", "CRD widgets.resources.azure.com: no version has storage: true", crd([]string{"a"}, "a+")},
		{"nothing served", "CRD widgets.resources.azure.com serves no version, so its objects cannot be read to rewrite them at b", crd([]string{"a", "b"}, "a", "b*")},
	} {
		if _, err := PlanFor(tc.crd); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

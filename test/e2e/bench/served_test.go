package bench

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

func crdWithVersions(name string, versions ...apiextv1.CustomResourceDefinitionVersion) *apiextv1.CustomResourceDefinition {
	plural, group, _ := strings.Cut(name, ".")
	return &apiextv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group, Names: apiextv1.CustomResourceDefinitionNames{Plural: plural}, Versions: versions,
		},
	}
}

// TestListEveryKindListsTheStorageVersion: the first request for a kind makes the API server
// build its serving state, so each kind is listed once, at the version the operator watches.
func TestListEveryKindListsTheStorageVersion(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"apiVersion":"v1","kind":"List","items":[]}`))
	}))
	defer srv.Close()
	crds := []*apiextv1.CustomResourceDefinition{crdWithVersions("resourcegroups.resources.azure.com",
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20200601", Served: true},
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20200601storage", Served: false},
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20210401", Served: true},
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20210401storage", Served: true, Storage: true},
	)}
	if err := ListEveryKind(t.Context(), &rest.Config{Host: srv.URL}, crds); err != nil {
		t.Fatal(err)
	}
	if want := []string{"/apis/resources.azure.com/v1api20210401storage/resourcegroups"}; !slices.Equal(paths, want) {
		t.Errorf("requests %v, want %v", paths, want)
	}
}

// TestListEveryKindNamesACRDWithoutServedStorage: a CRD whose storage version is not served
// cannot be listed there; the error names it instead of measuring less than the operator costs.
func TestListEveryKindNamesACRDWithoutServedStorage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("unexpected request %s", r.URL)
	}))
	defer srv.Close()
	crds := []*apiextv1.CustomResourceDefinition{crdWithVersions("vaults.keyvault.azure.com",
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20230701", Served: true},
		apiextv1.CustomResourceDefinitionVersion{Name: "v1api20230701storage", Storage: true},
	)}
	err := ListEveryKind(t.Context(), &rest.Config{Host: srv.URL}, crds)
	if err == nil || !strings.Contains(err.Error(), "vaults.keyvault.azure.com") {
		t.Errorf("got %v, want an error naming vaults.keyvault.azure.com", err)
	}
}

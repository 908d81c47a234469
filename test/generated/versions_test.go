package generated_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/generated/controllers"
	crdemit "github.com/armgen/armgen/pkg/codegen/emit/crd"
)

// TestCRDVersions: every CRD lists and serves all its API versions and the version it stores
// (exactly one): the hub (a storage version) for a kind with several API versions, the API
// version itself for a kind with one, whose CRD then lists that version alone (its hub and the
// older storage twins are only steps of conversions in the operator); it hands conversions
// between its versions to the webhook, with the annotation that has cert-manager give the API
// server the webhook's CA. The kinds configured in two api-versions list both, and the storage
// twin of the newer.
func TestCRDVersions(t *testing.T) {
	byName := make(map[string]*apiextv1.CustomResourceDefinition)
	for _, crd := range generatedCRDs(t) {
		byName[crd.Name] = crd
		var stored []string
		for _, v := range crd.Spec.Versions {
			if strings.HasSuffix(v.Name, "storage") && !v.Storage {
				t.Errorf("%s lists %s, a storage twin it does not store (only API versions and the stored version belong in the CRD)", crd.Name, v.Name)
			}
			if !v.Served {
				t.Errorf("%s: %s is not served; every version the CRD lists is", crd.Name, v.Name)
			}
			if v.Storage {
				stored = append(stored, v.Name)
			}
		}
		switch {
		case len(stored) != 1:
			t.Errorf("%s stores %v, want one version", crd.Name, stored)
		case len(crd.Spec.Versions) == 1 && strings.HasSuffix(stored[0], "storage"):
			t.Errorf("%s lists only %s: a storage version without an API version to serve", crd.Name, stored[0])
		case len(crd.Spec.Versions) > 1 && !strings.HasSuffix(stored[0], "storage"):
			t.Errorf("%s lists %d versions and stores %s, want the hub (a storage version)", crd.Name, len(crd.Spec.Versions), stored[0])
		}
		c := crd.Spec.Conversion
		switch {
		case len(crd.Spec.Versions) == 1 && c != nil:
			t.Errorf("%s has one version and a conversion", crd.Name)
		case len(crd.Spec.Versions) > 1 && (c == nil || c.Strategy != apiextv1.WebhookConverter || c.Webhook == nil ||
			c.Webhook.ClientConfig == nil || c.Webhook.ClientConfig.Service == nil):
			t.Errorf("%s serves %d versions without a conversion webhook: %+v", crd.Name, len(crd.Spec.Versions), c)
		case c != nil && crd.Annotations[crdemit.InjectCAFromAnnotation] != crdemit.ServingCertificate:
			t.Errorf("%s has a conversion webhook and annotation %s=%q, want %q: the API server would not trust the webhook",
				crd.Name, crdemit.InjectCAFromAnnotation, crd.Annotations[crdemit.InjectCAFromAnnotation], crdemit.ServingCertificate)
		}
	}

	multi := map[string][]string{
		"resourcegroups.resources.azure.com":                   {"v1api20200601", "v1api20210401"},
		"redis.cache.azure.com":                                {"v1api20200601", "v1api20201201"},
		"redisfirewallrules.cache.azure.com":                   {"v1api20200601", "v1api20201201"},
		"redislinkedservers.cache.azure.com":                   {"v1api20200601", "v1api20201201"},
		"redispatchschedules.cache.azure.com":                  {"v1api20200601", "v1api20201201"},
		"virtualnetworks.network.azure.com":                    {"v1api20201101", "v1api20210201"},
		"virtualnetworkssubnets.network.azure.com":             {"v1api20201101", "v1api20210201"},
		"networksecuritygroups.network.azure.com":              {"v1api20201101", "v1api20210201"},
		"storageaccounts.storage.azure.com":                    {"v1api20210101", "v1api20210401"},
		"managedclusters.containerservice.azure.com":           {"v1api20210301", "v1api20210501"},
		"managedclustersagentpools.containerservice.azure.com": {"v1api20210301", "v1api20210501"},
		"databaseaccounts.documentdb.azure.com":                {"v1api20210315", "v1api20210515", "v1api20210615"},
		"sqldatabases.documentdb.azure.com":                    {"v1api20210515", "v1api20210615"},
		"sqldatabasecontainers.documentdb.azure.com":           {"v1api20210515", "v1api20210615"},
	}
	for name, versions := range multi {
		crd, ok := byName[name]
		if !ok {
			t.Errorf("no CRD %s", name)
			continue
		}
		want := append(slices.Clone(versions), versions[len(versions)-1]+"storage")
		var got []string
		for _, v := range crd.Spec.Versions {
			got = append(got, v.Name)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s serves %v, want %v", name, got, want)
		}
		if newest := versions[len(versions)-1] + "storage"; !storedIs(crd, newest) {
			t.Errorf("%s does not store %s, the storage twin of its newest version", name, newest)
		}
	}
}

func storedIs(crd *apiextv1.CustomResourceDefinition, version string) bool {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name == version
		}
	}
	return false
}

// TestSingleVersionKindsStoreTheirAPIVersion: a kind generated in one API version has a CRD of
// that version alone, served and stored, without a conversion webhook; the operator watches it
// at that version (KnownResources), and its hub is still in the scheme for the webhook to
// convert objects stored under an earlier layout.
func TestSingleVersionKindsStoreTheirAPIVersion(t *testing.T) {
	single := 0
	for _, crd := range generatedCRDs(t) {
		var api []string
		for _, v := range crd.Spec.Versions {
			if !strings.HasSuffix(v.Name, "storage") {
				api = append(api, v.Name)
			}
		}
		if len(api) != 1 {
			continue
		}
		single++
		if len(crd.Spec.Versions) != 1 || !crd.Spec.Versions[0].Storage || !crd.Spec.Versions[0].Served {
			var got []string
			for _, v := range crd.Spec.Versions {
				got = append(got, fmt.Sprintf("%s(served=%v,storage=%v)", v.Name, v.Served, v.Storage))
			}
			t.Errorf("%s has one API version %s but lists %v, want that version alone, served and stored", crd.Name, api[0], got)
		}
		if crd.Spec.Conversion != nil {
			t.Errorf("%s lists one version and has conversion %+v", crd.Name, crd.Spec.Conversion)
		}
	}
	if single == 0 {
		t.Fatal("no CRD with one API version: the test proves nothing")
	}

	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	gvk := schema.GroupVersionKind{Group: "network.azure.com", Version: "v1api20210201", Kind: "NatGateway"}
	var watched []schema.GroupVersionKind
	for _, k := range controllers.KnownResources() {
		gvks, _, err := s.ObjectKinds(k.Obj)
		if err != nil {
			t.Fatal(err)
		}
		if gvks[0].GroupKind() == gvk.GroupKind() {
			watched = append(watched, gvks[0])
		}
	}
	if len(watched) != 1 || watched[0] != gvk {
		t.Errorf("the operator watches NatGateway at %v, want only %s (the version its CRD stores)", watched, gvk)
	}
	if !s.Recognizes(gvk.GroupKind().WithVersion("v1api20210201storage")) {
		t.Error("the scheme lacks NatGateway's hub v1api20210201storage: objects stored at it could not be converted")
	}
}

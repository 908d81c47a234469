package generated_test

import (
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	crdemit "github.com/armgen/armgen/pkg/codegen/emit/crd"
)

// TestCRDVersions: every CRD lists and serves all its API versions and the storage version it
// stores (exactly one), but not the older storage twins, which only conversions in the operator
// pass through; it hands conversions between its versions to the webhook, with the annotation
// that has cert-manager give the API server the webhook's CA. The kinds configured in two
// api-versions list both, and the storage twin of the newer.
func TestCRDVersions(t *testing.T) {
	byName := make(map[string]*apiextv1.CustomResourceDefinition)
	for _, crd := range generatedCRDs(t) {
		byName[crd.Name] = crd
		var stored []string
		for _, v := range crd.Spec.Versions {
			if strings.HasSuffix(v.Name, "storage") && !v.Storage {
				t.Errorf("%s lists %s, an older storage twin (only API versions and the stored storage version belong in the CRD)", crd.Name, v.Name)
			}
			if !v.Served {
				t.Errorf("%s: %s is not served; every version the CRD lists is", crd.Name, v.Name)
			}
			if v.Storage {
				stored = append(stored, v.Name)
			}
		}
		if len(stored) != 1 || !strings.HasSuffix(stored[0], "storage") {
			t.Errorf("%s stores %v, want one storage version", crd.Name, stored)
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

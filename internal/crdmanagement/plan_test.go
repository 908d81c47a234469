package crdmanagement

import (
	"strings"
	"testing"
	"testing/fstest"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/crdconversion"
	"github.com/armgen/armgen/pkg/crdowner"
)

// testCRD is a small CRD of ours as the generator writes it: two versions, converted by the
// webhook Service in armgen-system.
func testCRD(group, kind, plural string) *apiextv1.CustomResourceDefinition {
	schema := &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object"}}
	return &apiextv1.CustomResourceDefinition{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{
			Name:        plural + "." + group,
			Labels:      map[string]string{crdowner.Label: crdowner.Value},
			Annotations: map[string]string{crdconversion.InjectCAFromAnnotation: "armgen-system/armgen-serving-cert"},
		},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextv1.CustomResourceDefinitionNames{Kind: kind, ListKind: kind + "List", Plural: plural, Singular: strings.ToLower(kind)},
			Scope: apiextv1.NamespaceScoped,
			Versions: []apiextv1.CustomResourceDefinitionVersion{
				{Name: "v1api20210101", Served: true, Schema: schema},
				{Name: "v1api20210101storage", Served: true, Storage: true, Schema: schema},
			},
			Conversion: &apiextv1.CustomResourceConversion{
				Strategy: apiextv1.WebhookConverter,
				Webhook: &apiextv1.WebhookConversion{
					ClientConfig:             &apiextv1.WebhookClientConfig{Service: &apiextv1.ServiceReference{Namespace: "armgen-system", Name: "armgen-webhook-service", Path: ptr("/convert")}},
					ConversionReviewVersions: []string{"v1"},
				},
			},
		},
	}
}

func ptr[T any](v T) *T { return &v }

// testCatalog holds a resource group, a virtual network and its subnets.
func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	files := fstest.MapFS{}
	var entries []Entry
	for _, c := range []*apiextv1.CustomResourceDefinition{
		testCRD("network.azure.com", "VirtualNetwork", "virtualnetworks"),
		testCRD("network.azure.com", "VirtualNetworksSubnet", "virtualnetworkssubnets"),
		testCRD("resources.azure.com", "ResourceGroup", "resourcegroups"),
	} {
		data, err := yaml.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		file := c.Spec.Group + "/" + c.Spec.Names.Plural + ".yaml"
		files[file] = &fstest.MapFile{Data: data}
		entries = append(entries, Entry{Group: c.Spec.Group, Kind: c.Spec.Names.Kind, Name: c.Name, File: file})
	}
	return &Catalog{Entries: entries, Files: files}
}

// installedAs is crd as the API server would hold it after this operator (at version) applied
// it, a caBundle written by the certificate component.
func installedAs(t *testing.T, cat *Catalog, name, version string) *apiextv1.CustomResourceDefinition {
	t.Helper()
	for _, e := range cat.Entries {
		if e.Name == name {
			crd, err := cat.CRD(e)
			if err != nil {
				t.Fatal(err)
			}
			g := goal(crd, "armgen-system", version)
			apiextv1.SetObjectDefaults_CustomResourceDefinition(g)
			g.Spec.Conversion.Webhook.ClientConfig.CABundle = []byte("a CA")
			return g
		}
	}
	t.Fatalf("no %s", name)
	return nil
}

func actions(steps []Step) map[string]Action {
	out := map[string]Action{}
	for _, s := range steps {
		out[s.Entry.Name] = s.Action
	}
	return out
}

const (
	rg     = "resourcegroups.resources.azure.com"
	vnet   = "virtualnetworks.network.azure.com"
	subnet = "virtualnetworkssubnets.network.azure.com"
)

// TestPlanInstallsWhatThePatternNames: on an empty cluster, exactly the named CRDs are
// installed, marked as ours with the version, their webhook in the operator's namespace.
func TestPlanInstallsWhatThePatternNames(t *testing.T) {
	cat := testCatalog(t)
	p, _ := ParsePattern("resources.azure.com/*;network.azure.com/VirtualNetwork")
	steps, err := Plan(cat, nil, p, "v1.0.0", "ops")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Action{rg: Install, vnet: Install, subnet: Leave}
	if got := actions(steps); !equalActions(got, want) {
		t.Fatalf("plan %v, want %v", got, want)
	}
	for _, s := range steps {
		if s.Action != Install {
			continue
		}
		g := s.Goal
		if g.Labels[crdowner.Label] != crdowner.Value || g.Labels[VersionLabel] != "v1.0.0" {
			t.Errorf("%s labels %v", s.Entry.Name, g.Labels)
		}
		cc := g.Spec.Conversion.Webhook.ClientConfig
		if cc.Service.Namespace != "ops" || cc.CABundle != nil {
			t.Errorf("%s webhook %+v", s.Entry.Name, cc)
		}
		if g.Annotations[crdconversion.InjectCAFromAnnotation] != "ops/armgen-serving-cert" {
			t.Errorf("%s inject-ca-from %q", s.Entry.Name, g.Annotations[crdconversion.InjectCAFromAnnotation])
		}
	}
}

// TestPlanUpgradesOursOutsideThePattern: a CRD of ours already installed is upgraded (older
// version, or same version with another spec) whether or not the pattern names it; one as this
// version writes it, caBundle aside, is left alone.
func TestPlanUpgradesOursOutsideThePattern(t *testing.T) {
	cat := testCatalog(t)
	edited := installedAs(t, cat, subnet, "v1.0.0")
	edited.Spec.Versions = edited.Spec.Versions[1:] // an older schema, same version label
	installed := map[string]*apiextv1.CustomResourceDefinition{
		rg:     installedAs(t, cat, rg, "v1.0.0"),
		vnet:   installedAs(t, cat, vnet, "v0.9.0"),
		subnet: edited,
	}
	p, _ := ParsePattern("resources.azure.com/*")
	steps, err := Plan(cat, installed, p, "v1.0.0", "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Action{rg: UpToDate, vnet: Upgrade, subnet: Upgrade}
	if got := actions(steps); !equalActions(got, want) {
		t.Fatalf("plan %v, want %v", got, want)
	}
}

// TestPlanNeverDowngrades: a CRD a newer operator wrote is kept, even when named and different.
func TestPlanNeverDowngrades(t *testing.T) {
	cat := testCatalog(t)
	newer := installedAs(t, cat, rg, "v1.1.0")
	newer.Spec.Versions = newer.Spec.Versions[1:]
	p, _ := ParsePattern("*")
	steps, err := Plan(cat, map[string]*apiextv1.CustomResourceDefinition{rg: newer}, p, "v1.0.0", "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	if got := actions(steps)[rg]; got != KeepNewer {
		t.Fatalf("newer CRD: %s, want %s", got, KeepNewer)
	}
	// An operator without a version (a development build) cannot tell it is newer.
	steps, _ = Plan(cat, map[string]*apiextv1.CustomResourceDefinition{rg: installedAs(t, cat, rg, "v0.1.0")}, p, "devel", "armgen-system")
	if got := actions(steps)[rg]; got != KeepNewer {
		t.Fatalf("released CRD under a devel operator: %s, want %s", got, KeepNewer)
	}
}

// TestPlanRefusesCRDsNotOurs: a CRD of the same name that another operator installed (ASO's
// own ResourceGroup) is refused with what to do when named, and left alone otherwise.
func TestPlanRefusesCRDsNotOurs(t *testing.T) {
	cat := testCatalog(t)
	aso := installedAs(t, cat, rg, "v2.9.0")
	aso.Labels = map[string]string{crdowner.Label: "azure-service-operator", VersionLabel: "v2.9.0"}
	installed := map[string]*apiextv1.CustomResourceDefinition{rg: aso}
	p, _ := ParsePattern("resources.azure.com/*")
	steps, err := Plan(cat, installed, p, "v1.0.0", "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	var refused Step
	for _, s := range steps {
		if s.Entry.Name == rg {
			refused = s
		}
	}
	if refused.Action != Refuse || refused.Installed() {
		t.Fatalf("ASO's CRD: %s", refused.Action)
	}
	for _, want := range []string{rg, "azure-service-operator", "--crd-pattern", "delete"} {
		if !strings.Contains(refused.Reason, want) {
			t.Errorf("reason %q lacks %q", refused.Reason, want)
		}
	}
	p, _ = ParsePattern("network.azure.com/*")
	steps, _ = Plan(cat, installed, p, "v1.0.0", "armgen-system")
	if got := actions(steps)[rg]; got != Leave {
		t.Errorf("ASO's CRD, not named: %s, want %s", got, Leave)
	}
}

// TestPlanDecodesOnlyWhatItNeeds: a pattern naming one CRD of a catalog decodes that one.
func TestPlanDecodesOnlyWhatItNeeds(t *testing.T) {
	cat := testCatalog(t)
	cat.Files.(fstest.MapFS)[cat.Entries[0].File].Data = []byte("not: [a CRD")
	p, _ := ParsePattern("resources.azure.com/ResourceGroup")
	if _, err := Plan(cat, nil, p, "v1.0.0", "armgen-system"); err != nil {
		t.Fatalf("decoded a CRD the pattern does not name: %v", err)
	}
	p, _ = ParsePattern("*")
	if _, err := Plan(cat, nil, p, "v1.0.0", "armgen-system"); err == nil || !strings.Contains(err.Error(), cat.Entries[0].File) {
		t.Fatalf("a broken embedded CRD: %v, want an error naming its file", err)
	}
}

func equalActions(a, b map[string]Action) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

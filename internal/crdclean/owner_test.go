package crdclean

import (
	"bytes"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextfake "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/fake"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	dynamicfake "k8s.io/client-go/dynamic/fake"

	"github.com/armgen/armgen/pkg/crdowner"
)

// TestCleanLeavesCRDsNotOurs: the operator's groups are Azure Service Operator's too, so a CRD
// of one of them may be ASO's. Only the CRDs labelled as this operator's are cleaned, as only
// those are ever upgraded by it; another's keeps its storedVersions.
func TestCleanLeavesCRDsNotOurs(t *testing.T) {
	labelled := func(plural, owner string) *apiextv1.CustomResourceDefinition {
		c := crd([]string{"v1", "v2"}, "v1", "v2+*")
		c.Name = plural + ".resources.azure.com"
		c.Labels = map[string]string{crdowner.Label: owner}
		c.Spec.Group = "resources.azure.com"
		c.Spec.Names = apiextv1.CustomResourceDefinitionNames{Plural: plural, Kind: "K" + plural, ListKind: "K" + plural + "List"}
		return c
	}
	ours, aso := labelled("gadgets", crdowner.Value), labelled("widgets", "azure-service-operator")
	crds := apiextfake.NewSimpleClientset(ours, aso).ApiextensionsV1().CustomResourceDefinitions()
	dyn := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(), map[schema.GroupVersionResource]string{
		{Group: "resources.azure.com", Version: "v2", Resource: "gadgets"}: "KgadgetsList",
		{Group: "resources.azure.com", Version: "v2", Resource: "widgets"}: "KwidgetsList",
	})
	var out bytes.Buffer
	c := Cleaner{CRDs: crds, Dynamic: dyn, Groups: []string{"resources.azure.com"}, Out: &out}
	res, err := c.Run(t.Context())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if res.Checked != 1 || res.Cleaned != 1 {
		t.Errorf("checked %d, cleaned %d; want only the operator's CRD\n%s", res.Checked, res.Cleaned, out.String())
	}
	for name, want := range map[string][]string{ours.Name: {"v2"}, aso.Name: {"v1", "v2"}} {
		got, err := crds.Get(t.Context(), name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Status.StoredVersions, want) {
			t.Errorf("%s: storedVersions %v, want %v", name, got.Status.StoredVersions, want)
		}
	}
}

package apiserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/internal/testapiserver"
	"github.com/armgen/armgen/pkg/codegen/crdbundle"
)

// TestSubsetBundleInstalls builds the bundle `gen crds --pattern` writes for a subset, installs it
// in a server of its own, and creates the samples of the selected kinds there: a cluster given
// only these CRDs can use them, and serves nothing else.
func TestSubsetBundleInstalls(t *testing.T) {
	t.Parallel()
	const pattern = "resources.azure.com/*;network.azure.com/VirtualNetwork*"
	all, err := crdbundle.LoadDir(filepath.Join(mustRoot(t), "generated", "crds"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := crdbundle.ParsePattern(pattern)
	if err != nil {
		t.Fatal(err)
	}
	selected, err := crdbundle.Select(all, p)
	if err != nil {
		t.Fatal(err)
	}
	var bundle bytes.Buffer
	if err := crdbundle.Write(&bundle, "test bundle", selected); err != nil {
		t.Fatal(err)
	}
	subset, err := crdcheck.Decode("bundle", bundle.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range subset {
		names = append(names, c.Spec.Group+"/"+c.Spec.Names.Kind)
	}
	want := []string{
		// The pattern is a glob on the kind, as ASO's: VirtualNetwork* takes the gateway too.
		"network.azure.com/VirtualNetwork", "network.azure.com/VirtualNetworkGateway", "network.azure.com/VirtualNetworksSubnet",
		"network.azure.com/VirtualNetworksVirtualNetworkPeering", "resources.azure.com/ResourceGroup",
	}
	if !slices.Equal(names, want) {
		t.Fatalf("the bundle holds %v, want %v", names, want)
	}

	s := testapiserver.Start(t)
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	s.ServeConversion(scheme)
	ctx := context.Background()
	if err := s.InstallCRDs(ctx, subset); err != nil {
		t.Fatal(err)
	}
	list, err := s.Extensions.ApiextensionsV1().CustomResourceDefinitions().List(ctx, listAll)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != len(want) {
		t.Errorf("the server has %d CRDs, want %d", len(list.Items), len(want))
	}

	created := 0
	for _, sm := range loadSamples(t) {
		gvk := sm.gvk()
		if !p.Matches(gvk.Group, gvk.Kind) {
			continue
		}
		ri, err := s.Resource(gvk, sampleNamespace)
		if err != nil {
			t.Fatal(err)
		}
		body, err := json.Marshal(sm.obj.Object)
		if err != nil {
			t.Fatal(err)
		}
		force := true
		if _, err := ri.Patch(ctx, sm.obj.GetName(), types.ApplyPatchType, body, metav1.PatchOptions{
			FieldManager: fieldManager, Force: &force, FieldValidation: metav1.FieldValidationStrict,
		}); err != nil {
			t.Errorf("%s: %v", sm.path, err)
		}
		created++
	}
	if created < len(want) {
		t.Errorf("created %d samples, want one per kind of the bundle at least", created)
	}

	// A kind left out is not served.
	other := schema.GroupVersionResource{Group: "storage.azure.com", Version: "v1api20210401", Resource: "storageaccounts"}
	if _, err := s.Dynamic.Resource(other).Namespace(sampleNamespace).List(ctx, listAll); err == nil {
		t.Errorf("%s is served, but was not in the bundle", other)
	}
}

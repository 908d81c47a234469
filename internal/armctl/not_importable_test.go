package armctl

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/generated/controllers"
	networkstorage "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestNotImportableReadsTheRegistrationList: the kinds an entry of the registration list marks
// NotImportable are refused by group and kind; the others are not.
func TestNotImportableReadsTheRegistrationList(t *testing.T) {
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	got, err := notImportable(s, []genruntime.KnownResource{
		{Obj: new(networkstorage.VirtualNetworksSubnet), NotImportable: true},
		{Obj: new(networkstorage.VirtualNetwork)},
	})
	if err != nil {
		t.Fatal(err)
	}
	subnet := schema.GroupKind{Group: "network.azure.com", Kind: "VirtualNetworksSubnet"}
	if len(got) != 1 || !got[subnet] {
		t.Fatalf("got %v, want only %v", got, subnet)
	}
	if _, err := notImportable(runtime.NewScheme(), controllers.KnownResources()); err == nil {
		t.Error("a list the scheme does not know gave no error")
	}
}

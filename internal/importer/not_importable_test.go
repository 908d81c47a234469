package importer_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/importer"
	"github.com/armgen/armgen/pkg/genruntime"
)

// A kind marked $importable: false is refused by name when named for import, and skipped with
// why when found below another resource; the rest of the import goes on.
func TestImportRefusesNotImportableKind(t *testing.T) {
	f := newFixture(t)
	rg, vnet := f.group("NotImportable-RG")
	subnet := schema.GroupKind{Group: "network.azure.com", Kind: "VirtualNetworksSubnet"}
	var progress bytes.Buffer
	im, err := importer.New(importer.Options{ARM: f.arm, Kinds: f.kinds, ReconcilePolicy: genruntime.ReconcilePolicySkip,
		Progress: &progress, NotImportable: map[schema.GroupKind]bool{subnet: true}})
	if err != nil {
		t.Fatal(err)
	}
	res := im.Import(context.Background(), []string{rg, vnet + "/subnets/front"})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Error(), vnet+"/subnets/front: VirtualNetworksSubnet (network.azure.com) is not importable") ||
		!strings.Contains(res.Errors[0].Error(), "$importable: false") {
		t.Fatalf("errors %v, want the named subnet refused naming its kind and why\n%s", res.Errors, progress.String())
	}
	for _, o := range res.Objects {
		if o.Kind.GVK.GroupKind() == subnet {
			t.Errorf("imported %s, a kind marked not importable", o.ID)
		}
	}
	skipped := 0
	for _, s := range res.Skipped {
		if strings.HasSuffix(s.ID, "/subnets/back") && strings.Contains(s.Reason, "is not importable") {
			skipped++
		}
	}
	if skipped != 1 || len(res.Objects) != 3 {
		t.Errorf("%d objects (want 3: group, vnet, storage account), skipped %+v\n%s", len(res.Objects), res.Skipped, progress.String())
	}
}

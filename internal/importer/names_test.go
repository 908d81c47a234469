package importer

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/armgen/armgen/internal/armkinds"
)

func TestDNS1123(t *testing.T) {
	for in, want := range map[string]string{
		"MyVnet":        "myvnet",
		"my_vnet.01":    "my-vnet-01",
		"--a__b  c--":   "a-b-c",
		"contoso.com":   "contoso-com",
		"Ünïcode-näme":  "n-code-n-me",
		"":              "",
		"rg1-Vnet/sub1": "rg1-vnet-sub1",
	} {
		if got := dns1123(in); got != want {
			t.Errorf("dns1123(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKubeNamesAreUniqueAndValid(t *testing.T) {
	im := &Importer{done: map[string]*Object{}, names: map[schema.GroupKind]map[string]string{}}
	subnet := armkinds.Kind{GVK: schema.GroupVersionKind{Group: "network.azure.com", Version: "v", Kind: "VirtualNetworksSubnet"}}
	vnet := armkinds.Kind{GVK: schema.GroupVersionKind{Group: "network.azure.com", Version: "v", Kind: "VirtualNetwork"}}
	a := im.kubeName(subnet, "/x/a_b", "a_b", "")
	b := im.kubeName(subnet, "/x/a-b", "a-b", "")
	again := im.kubeName(subnet, "/X/A_B", "a_b", "")
	other := im.kubeName(vnet, "/y/a-b", "a-b", "")
	if a != "a-b" || b == a || !strings.HasPrefix(b, "a-b-") || again != a || other != "a-b" {
		t.Errorf("names %q %q %q %q", a, b, again, other)
	}
	long := im.kubeName(vnet, "/long", strings.Repeat("x", 300), "")
	empty := im.kubeName(vnet, "/empty", "___", "")
	for _, n := range []string{a, b, long, empty} {
		if errs := validation.IsDNS1123Subdomain(n); len(errs) > 0 {
			t.Errorf("%q: %v", n, errs)
		}
	}
}

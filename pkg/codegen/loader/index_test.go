package loader

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// writeSpecs makes a spec root holding an empty swagger file at each path.
func writeSpecs(t *testing.T, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(`{"swagger": "2.0"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// The Front Door specs declare Microsoft.Network types, which Azure Service Operator serves in a
// group of their own, network.frontdoor; the DNS and Traffic Manager specs, also
// Microsoft.Network, stay in network as in ASO.
func TestBuildIndexGivesFrontDoorItsOwnGroup(t *testing.T) {
	root := writeSpecs(t,
		"network/resource-manager/Microsoft.Network/stable/2020-11-01/network.json",
		"dns/resource-manager/Microsoft.Network/stable/2018-05-01/dns.json",
		"frontdoor/resource-manager/Microsoft.Network/stable/2020-11-01/webapplicationfirewall.json",
		"storage/resource-manager/Microsoft.Storage/stable/2021-04-01/storage.json",
	)
	ix, err := BuildIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ix.Groups(), []string{"network", "network.frontdoor", "storage"}; !slices.Equal(got, want) {
		t.Errorf("Groups() = %v, want %v", got, want)
	}
	if got, want := ix.GroupsOf("microsoft.network"), []string{"network", "network.frontdoor"}; !slices.Equal(got, want) {
		t.Errorf("GroupsOf(microsoft.network) = %v, want %v", got, want)
	}
	dirs := ix.Find("network", "2020-11-01")
	if len(dirs) != 1 || dirs[0].Dir != "network/resource-manager/Microsoft.Network/stable/2020-11-01" {
		t.Errorf("network 2020-11-01 is %+v; want the network folder only", dirs)
	}
	dirs = ix.Find("network.frontdoor", "2020-11-01")
	if len(dirs) != 1 || dirs[0].Namespace != "Microsoft.Network" || dirs[0].Files[0] != "frontdoor/resource-manager/Microsoft.Network/stable/2020-11-01/webapplicationfirewall.json" {
		t.Errorf("network.frontdoor 2020-11-01 is %+v; want the frontdoor folder", dirs)
	}
	if got := ix.APIVersions("network"); !slices.Equal(got, []string{"2018-05-01", "2020-11-01"}) {
		t.Errorf("network's api-versions are %v; want the DNS and network ones", got)
	}
}

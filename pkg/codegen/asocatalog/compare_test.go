package asocatalog

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/codegen/catalog"
)

func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Parse([]byte(`sources:
- file: network.yaml
  commit: 0123456789abcdef0123456789abcdef01234567
  group: network
  kinds:
  - {kind: TrafficManagerProfile, armType: Microsoft.Network/trafficmanagerprofiles, apiVersions: [2022-04-01]}
  - {kind: VirtualNetworksSubnet, armType: Microsoft.Network/virtualNetworks/subnets, apiVersions: [2020-11-01]}
  - {kind: DnsResolver, armType: Microsoft.Network/dnsResolvers, apiVersions: [2022-07-01]}
`), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCompareStatuses: an ARM type matches whatever its case; exported, available and missing
// types get their status, and a rename in azure-arm.yaml shows as the kind.
func TestCompareStatuses(t *testing.T) {
	cat := &catalog.Catalog{Resources: []*catalog.Resource{
		{Group: "network", Kind: "Trafficmanagerprofile", ARMType: "Microsoft.Network/TrafficManagerProfiles", Versions: []catalog.Version{
			{APIVersion: "2018-08-01", Stable: true}, {APIVersion: "2022-04-01", Stable: true, Exported: true, ExportedAs: "TrafficManagerProfile"},
		}},
		{Group: "network", Kind: "VirtualNetworksSubnet", ARMType: "Microsoft.Network/virtualNetworks/subnets", Versions: []catalog.Version{
			{APIVersion: "2020-11-01", Stable: true}, {APIVersion: "2021-02-01", Stable: true}, {APIVersion: "2021-03-01-preview"},
		}},
	}}
	rows := Compare(testCatalog(t), cat)
	type got struct {
		Kind, Status, Ours, Newest string
		Exported                   []string
	}
	var gotRows []got
	for _, r := range rows {
		gotRows = append(gotRows, got{r.ASO.Kind, string(r.Status), r.Kind, r.Newest, r.Exported})
	}
	want := []got{
		{"TrafficManagerProfile", string(Exported), "TrafficManagerProfile", "2022-04-01", []string{"2022-04-01"}},
		{"VirtualNetworksSubnet", string(InCorpus), "VirtualNetworksSubnet", "2021-02-01", nil},
		{"DnsResolver", string(NotInCorpus), "", "", nil},
	}
	if d := cmp.Diff(want, gotRows); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, rows); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, line := range []string{
		"NOT IN THE CORPUS        network    DnsResolver",
		"3 ASO kinds: 1 exported (0 under another kind name), 1 in the corpus but not exported, 1 not in the corpus",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("table lacks %q:\n%s", line, out)
		}
	}
}

// TestCompareUnexportedASOVersions: an ASO api-version the corpus has but azure-arm.yaml does not
// export is listed for the kind (an ASO manifest at it would be refused), whatever its case; one
// the corpus lacks is not, and neither is one that is exported. The table shows them in the last
// column and counts them in the summary.
func TestCompareUnexportedASOVersions(t *testing.T) {
	aso, err := Parse([]byte(`sources:
- file: servicebus.yaml
  commit: 0123456789abcdef0123456789abcdef01234567
  group: servicebus
  kinds:
  - {kind: NamespacesAuthorizationRule, armType: Microsoft.ServiceBus/namespaces/AuthorizationRules, apiVersions: [2021-01-01-preview, 2021-11-01]}
  - {kind: NamespacesQueue, armType: Microsoft.ServiceBus/namespaces/queues, apiVersions: [2021-01-01-preview]}
  - {kind: NamespacesTopic, armType: Microsoft.ServiceBus/namespaces/topics, apiVersions: [2021-01-01-preview]}
`), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cat := &catalog.Catalog{Resources: []*catalog.Resource{
		{Group: "servicebus", Kind: "NamespacesAuthorizationRule", ARMType: "Microsoft.ServiceBus/namespaces/authorizationRules", Versions: []catalog.Version{
			{APIVersion: "2017-04-01", Stable: true, Exported: true}, {APIVersion: "2021-01-01-Preview"},
		}},
		{Group: "servicebus", Kind: "NamespacesQueue", ARMType: "Microsoft.ServiceBus/namespaces/queues", Versions: []catalog.Version{
			{APIVersion: "2017-04-01", Stable: true}, {APIVersion: "2021-01-01-preview", Exported: true},
		}},
		{Group: "servicebus", Kind: "NamespacesTopic", ARMType: "Microsoft.ServiceBus/namespaces/topics", Versions: []catalog.Version{
			{APIVersion: "2017-04-01", Stable: true}, {APIVersion: "2021-01-01-preview"},
		}},
	}}
	rows := Compare(aso, cat)
	got := map[string][]string{}
	for _, r := range rows {
		got[r.ASO.Kind] = r.Unexported
	}
	want := map[string][]string{
		"NamespacesAuthorizationRule": {"2021-01-01-Preview"},
		"NamespacesQueue":             nil,
		"NamespacesTopic":             {"2021-01-01-preview"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("unexported ASO api-versions (-want +got):\n%s", d)
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, rows); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, re := range []string{
		`(?m)ASO VERSIONS NOT EXPORTED$`,
		`(?m)^exported +servicebus +NamespacesAuthorizationRule .* 2017-04-01 +2021-01-01-Preview$`,
		`(?m)^exported +servicebus +NamespacesQueue .* 2021-01-01-preview +-$`,
		`(?m)^in corpus, not exported +servicebus +NamespacesTopic .* 2021-01-01-preview$`,
		`(?m)^3 ASO kinds: 2 exported \(0 under another kind name\), 1 in the corpus but not exported, 0 not in the corpus; 1 exported kinds lack 1 of ASO's api-versions the corpus has$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("table does not match %s:\n%s", re, out)
		}
	}
}

package config

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const editBase = `# top comment
specRoot: specs
objectModelConfiguration:
  # cache group
  cache:
    2020-12-01:
      Redis:
        $export: true
      # the firewall
      RedisFirewallRule:
        $export: true

  network:
    2020-11-01:
      VirtualNetwork:   # a trailing comment
        $export: true
      VirtualNetworksSubnet:
        addressPrefix:
          $renameTo: prefix
      RouteTable:
        $export: false
`

func TestAddExports(t *testing.T) {
	cases := []struct {
		name           string
		group, version string
		kinds          []string
		want           string // the file after the edit; "" means unchanged
		whats          []string
	}{
		{"kind in sorted place", "cache", "2020-12-01", []string{"RedisLinkedServer"},
			strings.Replace(editBase, "      # the firewall\n      RedisFirewallRule:\n        $export: true\n",
				"      # the firewall\n      RedisFirewallRule:\n        $export: true\n      RedisLinkedServer:\n        $export: true\n", 1),
			[]string{"added"}},
		{"kind before its comment", "cache", "2020-12-01", []string{"RedisCache"},
			strings.Replace(editBase, "      # the firewall\n", "      RedisCache:\n        $export: true\n      # the firewall\n", 1),
			[]string{"added"}},
		{"new version", "cache", "2023-08-01", []string{"Redis"},
			strings.Replace(editBase, "        $export: true\n\n  network:", "        $export: true\n    2023-08-01:\n      Redis:\n        $export: true\n\n  network:", 1),
			[]string{"added"}},
		{"new first group", "apimanagement", "2021-08-01", []string{"Service"},
			strings.Replace(editBase, "  # cache group\n", "  apimanagement:\n    2021-08-01:\n      Service:\n        $export: true\n\n  # cache group\n", 1),
			[]string{"added"}},
		{"new middle group", "keyvault", "2021-04-01-preview", []string{"Vault"},
			strings.Replace(editBase, "\n  network:", "\n  keyvault:\n    2021-04-01-preview:\n      Vault:\n        $export: true\n\n  network:", 1),
			[]string{"added"}},
		{"new last group", "storage", "2021-04-01", []string{"StorageAccount"},
			editBase + "\n  storage:\n    2021-04-01:\n      StorageAccount:\n        $export: true\n",
			[]string{"added"}},
		{"kind without $export", "network", "2020-11-01", []string{"VirtualNetworksSubnet"},
			strings.Replace(editBase, "      VirtualNetworksSubnet:\n", "      VirtualNetworksSubnet:\n        $export: true\n", 1),
			[]string{"added $export: true"}},
		{"$export false", "network", "2020-11-01", []string{"RouteTable"},
			strings.Replace(editBase, "        $export: false\n", "        $export: true\n", 1),
			[]string{"changed $export to true"}},
		{"already exported", "network", "2020-11-01", []string{"VirtualNetwork"}, "", []string{"already exported"}},
		{"several", "cache", "2020-12-01", []string{"Redis", "RedisPatchSchedule"},
			strings.Replace(editBase, "        $export: true\n\n  network:", "        $export: true\n      RedisPatchSchedule:\n        $export: true\n\n  network:", 1),
			[]string{"already exported", "added"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = editBase
			}
			got, changes, err := AddExports("azure-arm.yaml", []byte(editBase), c.group, c.version, c.kinds)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, string(got)); d != "" {
				t.Errorf("file (-want +got):\n%s", d)
			}
			var whats []string
			for _, ch := range changes {
				whats = append(whats, ch.What)
			}
			if d := cmp.Diff(c.whats, whats); d != "" {
				t.Errorf("changes (-want +got):\n%s", d)
			}
			// Idempotent: a second run changes nothing.
			again, changes, err := AddExports("azure-arm.yaml", got, c.group, c.version, c.kinds)
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(got) {
				t.Errorf("second run changed the file:\n%s", cmp.Diff(string(got), string(again)))
			}
			for _, ch := range changes {
				if ch.Changed() {
					t.Errorf("second run: %s %s", ch.Path, ch.What)
				}
			}
		})
	}
}

// TestAddExportsRestoresRemovedEntry takes the repository's azure-arm.yaml, removes one entry and
// adds it back: the file must come out byte for byte as it was.
func TestAddExportsRestoresRemovedEntry(t *testing.T) {
	orig, err := os.ReadFile("../../../azure-arm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	removed, ok := withoutRedisFirewallRule(string(orig))
	if !ok {
		t.Fatal("azure-arm.yaml no longer exports cache 2020-12-01 RedisFirewallRule after Redis: change this test with the file")
	}
	got, changes, err := AddExports("azure-arm.yaml", []byte(removed), "cache", "2020-12-01", []string{"RedisFirewallRule"})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(orig), string(got)); d != "" {
		t.Errorf("(-original +re-added):\n%s", d)
	}
	if len(changes) != 1 || changes[0].What != "added" {
		t.Errorf("changes: %v", changes)
	}
}

func TestAddExportsErrors(t *testing.T) {
	cases := []struct {
		name, file, group, version, kind, want string
	}{
		{"bad group", editBase, "Network", "2020-11-01", "X", `invalid group name "Network"`},
		{"bad version", editBase, "network", "2020-11-1", "X", `invalid API version "2020-11-1"`},
		{"bad kind", editBase, "network", "2020-11-01", "virtualNetwork", `invalid kind "virtualNetwork"`},
		{"flow mapping", "objectModelConfiguration: {network: {2020-11-01: {A: {$export: true}}}}\n", "network", "2020-11-01", "B", "flow-style"},
		{"broken config", "objectModelConfiguration:\n  network: 3\n", "network", "2020-11-01", "B", "expected a mapping of API versions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := AddExports("azure-arm.yaml", []byte(c.file), c.group, c.version, []string{c.kind})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want …%s", err, c.want)
			}
		})
	}
}

// withoutRedisFirewallRule is the configuration without its cache 2020-12-01 RedisFirewallRule
// entry (the kind after Redis in that version), or false when the file has no such entry.
func withoutRedisFirewallRule(orig string) (string, bool) {
	const version = "    2020-12-01:\n      Redis:\n"
	const entry = "      RedisFirewallRule:\n        $export: true\n"
	v := strings.Index(orig, version)
	if v < 0 {
		return "", false
	}
	e := strings.Index(orig[v:], entry)
	if e < 0 {
		return "", false
	}
	if next := strings.Index(orig[v+len(version):], "\n    2"); next >= 0 && next+len(version) < e {
		return "", false // the entry found belongs to a later version
	}
	return orig[:v+e] + orig[v+e+len(entry):], true
}

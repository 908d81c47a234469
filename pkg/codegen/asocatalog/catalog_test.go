package asocatalog

import (
	"strings"
	"testing"
)

// TestEmbeddedCatalogFigures: the recorded catalogue has the figures ASO v2.22 publishes (295 ARM
// kinds in 48 groups) and every entry passes Parse's checks.
func TestEmbeddedCatalogFigures(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Entries()); n != 295 {
		t.Errorf("kinds: got %d, want 295", n)
	}
	if n := c.Groups(); n != 48 {
		t.Errorf("groups: got %d, want 48", n)
	}
	byType := c.ByARMType()
	for _, want := range []struct{ armType, kind string }{
		{"microsoft.network/virtualnetworks/subnets", "VirtualNetworksSubnet"},
		{"Microsoft.KeyVault/vaults", "Vault"},
		{"microsoft.web/SERVERFARMS", "ServerFarm"},
	} {
		if e, ok := byType[strings.ToLower(want.armType)]; !ok || e.Kind != want.kind {
			t.Errorf("%s: got %+v, want kind %s", want.armType, e, want.kind)
		}
	}
	for _, e := range c.Entries() {
		if !strings.HasPrefix(e.Source, "v2/azure-arm/"+e.Group+".yaml@") {
			t.Errorf("%s/%s: source %s does not name its group's file", e.Group, e.Kind, e.Source)
		}
	}
}

// TestParseRejectsBadEntries: each malformed entry is an error naming the file, the entry and
// the field.
func TestParseRejectsBadEntries(t *testing.T) {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	ok := "sources:\n- file: cache.yaml\n  commit: " + commit + "\n  group: cache\n  kinds:\n"
	for _, tc := range []struct{ name, doc, want string }{
		{"arm type", ok + "  - {kind: Redis, armType: Cache/redis, apiVersions: [2020-12-01]}\n",
			`x.yaml: sources[0].kinds[0] (cache/Redis): armType "Cache/redis" is not Microsoft.<Provider>/<type>`},
		{"api version", ok + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersions: [v1api20201201]}\n",
			`(cache/Redis): apiVersion "v1api20201201" is not YYYY-MM-DD[-preview]`},
		{"order", ok + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersions: [2023-04-01, 2020-12-01]}\n",
			`are not oldest first`},
		{"kind", ok + "  - {kind: redis, armType: Microsoft.Cache/redis, apiVersions: [2020-12-01]}\n",
			`kind "redis" is not an upper-camel-case Kubernetes kind`},
		{"duplicate kind", ok + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersions: [2020-12-01]}\n" +
			"  - {kind: Redis, armType: Microsoft.Cache/redis/firewallRules, apiVersions: [2020-12-01]}\n",
			`sources[0].kinds[1] (cache/Redis): kind cache/Redis is listed twice (also at x.yaml: sources[0].kinds[0]`},
		{"duplicate type, other case", ok + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersions: [2020-12-01]}\n" +
			"  - {kind: RedisCache, armType: Microsoft.Cache/Redis, apiVersions: [2020-12-01]}\n",
			`ARM type Microsoft.Cache/Redis is listed twice`},
		{"commit", strings.Replace(ok, commit, "main", 1) + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersions: [2020-12-01]}\n",
			`x.yaml: sources[0] (cache.yaml): commit "main" is not a 40-hex-digit commit`},
		{"unknown field", ok + "  - {kind: Redis, armType: Microsoft.Cache/redis, apiVersion: [2020-12-01]}\n",
			`unknown field "apiVersion"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.doc), "x.yaml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}

package armfake

import "testing"

// TestRealisticLocations: services that answer display names do so for what was sent in any
// spelling, in the envelope and in their region properties; the others keep what was sent
// (rows of locationStyles), and an echoing server keeps it everywhere.
func TestRealisticLocations(t *testing.T) {
	s := realisticServer(t, Options{})
	put(t, s, redisID+redisAPI, redisBody())
	put(t, s, cosmosID+cosmosAPI, cosmosBody())
	put(t, s, postgresID+postgresAPI, postgresBody())
	put(t, s, storageID+storageAPI, storageBody())
	put(t, s, vnetID+networkAPI, vnet2Body())
	put(t, s, identityID+identityAPI, map[string]any{"location": "westus2"})
	for _, tc := range []struct {
		name, path string
		prop       []string
		want       string
		source     recording
	}{
		{"redis", redisID + redisAPI, []string{"location"}, "West US 2", recRedis},
		{"cosmos account", cosmosID + cosmosAPI, []string{"location"}, "West US 2", recCosmosSQL},
		{"cosmos region", cosmosID + cosmosAPI, []string{"properties", "locations", "0", "locationName"}, "West US 2", recCosmosSQL},
		{"postgresql", postgresID + postgresAPI, []string{"location"}, "West US 2", recPostgreSQLFlexible},
		{"storage keeps", storageID + storageAPI, []string{"location"}, "westus2", recStorageAccount},
		{"network keeps", vnetID + networkAPI, []string{"location"}, "westus2", recVirtualNetwork},
		{"identity keeps", identityID + identityAPI, []string{"location"}, "westus2", recCosmosSQL},
		{"group keeps", rg + rgAPI, []string{"location"}, "westus2", recStorageAccount},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pathValue(get(t, s, tc.path).body, tc.prop...); got != tc.want {
				t.Errorf("%v = %v, want %q (as %s answered)", tc.prop, got, tc.want, tc.source)
			}
		})
	}
	t.Run("spellings", func(t *testing.T) {
		for in, want := range map[string]string{"westus2": "West US 2", "West US 2": "West US 2", "WESTUS2": "West US 2", "mars": "mars"} {
			if got := displayLocation(in); got != want {
				t.Errorf("displayLocation(%q) = %q, want %q", in, got, want)
			}
		}
	})
	t.Run("echo keeps", func(t *testing.T) {
		e := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: realisticGroups, LROPolls: -1})
		expect(t, call(t, e, "PUT", rg+rgAPI, map[string]any{"location": "westus2"}), 201, "")
		put(t, e, redisID+redisAPI, redisBody())
		if got := get(t, e, redisID+redisAPI).body["location"]; got != "westus2" {
			t.Errorf("echoing server answered location %v, want westus2 as sent", got)
		}
	})
}

// pathValue walks decoded JSON by keys and array indexes.
func pathValue(v any, path ...string) any {
	for _, k := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := 0
			for _, c := range k {
				i = i*10 + int(c-'0')
			}
			if i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

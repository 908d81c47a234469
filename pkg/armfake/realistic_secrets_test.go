package armfake

import "testing"

// TestRealisticKeysHiddenInRead: keys a service shows in the answer to the write are null in
// its GETs and lists (rows of hiddenInReads); x-ms-secret inputs are in no answer at all.
func TestRealisticKeysHiddenInRead(t *testing.T) {
	s := realisticServer(t, Options{})
	created := put(t, s, redisID+redisAPI, redisBody())
	if keys, _ := created.prop("properties", "accessKeys").(map[string]any); keys["primaryKey"] == nil {
		t.Errorf("PUT answer accessKeys = %v, want the keys (as %s answered)", created.prop("properties", "accessKeys"), recRedis)
	}
	read := get(t, s, redisID+redisAPI)
	props, _ := read.body["properties"].(map[string]any)
	if v, present := props["accessKeys"]; !present || v != nil {
		t.Errorf("GET accessKeys = %v (present %v), want null (as %s answered)", v, present, recRedis)
	}
	list := call(t, s, "GET", rg+"/providers/Microsoft.Cache/redis"+redisAPI, nil)
	items, _ := list.body["value"].([]any)
	if len(items) != 1 || pathValue(items[0], "properties", "accessKeys") != nil {
		t.Errorf("list answered %s, want the cache with accessKeys null", list.raw)
	}
	pg := put(t, s, postgresID+postgresAPI, postgresBody())
	for _, r := range []response{pg, get(t, s, postgresID+postgresAPI)} {
		if v := r.prop("properties", "administratorLoginPassword"); v != nil {
			t.Errorf("administratorLoginPassword answered %v, want it in no answer", v)
		}
	}
}

// TestRealisticReadOnlyFilled: after the operation, the values a service sets of its own are
// there (provisioningState Succeeded, a virtual network's resourceGuid, a cache's hostName and
// ports), as the recordings show them.
func TestRealisticReadOnlyFilled(t *testing.T) {
	s := realisticServer(t, Options{})
	put(t, s, vnetID+networkAPI, vnet2Body())
	put(t, s, redisID+redisAPI, redisBody())
	vnet, cache := get(t, s, vnetID+networkAPI), get(t, s, redisID+redisAPI)
	for _, tc := range []struct {
		name   string
		got    any
		source recording
	}{
		{"vnet provisioningState", vnet.prop("properties", "provisioningState"), recVirtualNetwork},
		{"vnet resourceGuid", vnet.prop("properties", "resourceGuid"), recVirtualNetwork},
		{"redis provisioningState", cache.prop("properties", "provisioningState"), recRedis},
		{"redis hostName", cache.prop("properties", "hostName"), recRedis},
		{"redis sslPort", cache.prop("properties", "sslPort"), recRedis},
	} {
		if tc.got == nil || tc.got == "" {
			t.Errorf("%s missing after the operation (%s has it)", tc.name, tc.source)
		}
	}
	if got := vnet.prop("properties", "provisioningState"); got != "Succeeded" {
		t.Errorf("vnet provisioningState %v, want Succeeded", got)
	}
}

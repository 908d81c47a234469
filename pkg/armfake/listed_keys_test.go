package armfake

import "testing"

// TestListedKeysNamed: an App Configuration store's ListKeys answers its four keys and an IoT
// hub's listkeys its five policies, named and in Azure's order, so that a client picking the
// third read-only key or the service policy by position or by name finds it.
func TestListedKeysNamed(t *testing.T) {
	root := corpusRoot(t)
	s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "appconfiguration", "devices"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	for _, tc := range []struct {
		id, api, action, nameKey string
		body                     map[string]any
		want                     []string
	}{
		{rg + "/providers/Microsoft.AppConfiguration/configurationStores/store1", "?api-version=2020-06-01", "ListKeys", "name",
			map[string]any{"location": "westus", "sku": map[string]any{"name": "standard"}},
			[]string{"Primary", "Secondary", "Primary Read Only", "Secondary Read Only"}},
		{rg + "/providers/Microsoft.Devices/IotHubs/hub1", "?api-version=2021-07-01", "listkeys", "keyName",
			map[string]any{"location": "westus", "sku": map[string]any{"name": "S1", "capacity": 1}},
			[]string{"iothubowner", "service", "device", "registryRead", "registryReadWrite"}},
	} {
		if r := call(t, s, "PUT", tc.id+tc.api, tc.body); r.status != 200 && r.status != 201 {
			t.Fatalf("PUT %s: %s", tc.id, r.raw)
		}
		keys := call(t, s, "POST", tc.id+"/"+tc.action+tc.api, nil)
		items, _ := keys.body["value"].([]any)
		if keys.status != 200 || len(items) != len(tc.want) {
			t.Errorf("%s of %s: want %d keys, got %s", tc.action, tc.id, len(tc.want), keys.raw)
			continue
		}
		for i, want := range tc.want {
			item, _ := items[i].(map[string]any)
			if item[tc.nameKey] != want || item["primaryKey"] == nil && item["value"] == nil {
				t.Errorf("%s of %s: key %d is %v, want %s with a value", tc.action, tc.id, i, item, want)
			}
		}
	}
}

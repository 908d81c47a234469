package armfake

import (
	"math/rand/v2"
	"strings"
)

// Some list actions answer a fixed set of named keys, always in the same order, and clients pick
// them by name or position: an App Configuration store's ListKeys answers its two read-write
// and two read-only keys, an IoT hub's listkeys the five shared access policies Azure creates
// with the hub. The swagger only says "a list of keys" (armfake would make two anonymous ones),
// so this table says what Azure answers; the values stay synthesized per resource and seed.
var listedKeys = map[string][]map[string]any{
	"microsoft.appconfiguration/configurationstores/listkeys": {
		{"name": "Primary", "readOnly": false},
		{"name": "Secondary", "readOnly": false},
		{"name": "Primary Read Only", "readOnly": true},
		{"name": "Secondary Read Only", "readOnly": true},
	},
	"microsoft.devices/iothubs/listkeys": {
		{"keyName": "iothubowner", "rights": "RegistryWrite, ServiceConnect, DeviceConnect"},
		{"keyName": "service", "rights": "ServiceConnect"},
		{"keyName": "device", "rights": "DeviceConnect"},
		{"keyName": "registryRead", "rights": "RegistryRead"},
		{"keyName": "registryReadWrite", "rights": "RegistryWrite"},
	},
}

// nameListedKeys replaces the list in value (the answer of action a on a resource of armType)
// by the keys the table names, each synthesized from the item schema and then named.
func nameListedKeys(value any, armType string, a *action, rng *rand.Rand) {
	fixed := listedKeys[strings.ToLower(armType+"/"+a.name)]
	out, ok := value.(map[string]any)
	if len(fixed) == 0 || !ok {
		return
	}
	list := allProperties(a.response)["value"]
	if list == nil {
		return
	}
	items := make([]any, len(fixed))
	for i, f := range fixed {
		item, _ := synthesize(itemSchema(list), "", rng, 1, i).(map[string]any)
		if item == nil {
			item = map[string]any{}
		}
		for k, v := range f {
			item[k] = v
		}
		items[i] = item
	}
	out["value"] = items
}

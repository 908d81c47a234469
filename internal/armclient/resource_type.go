package armclient

import (
	"net/http"
	"strings"
)

// ResourceType is the ARM resource type a request path addresses, for the resource label of
// the metrics: Microsoft.Network/virtualNetworks/subnets for a subnet, its list or its actions;
// Microsoft.Resources/resourceGroups for a group. Names are left out so the label stays a
// small set. method tells a POST to an action (storageAccounts/sa/listKeys) from a GET of a
// child collection (virtualNetworks/vnet/subnets), which have the same shape.
func ResourceType(method, path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	// The last providers segment wins: an extension resource is the provider's, not its scope's.
	for i := len(segs) - 2; i >= 0; i-- {
		if !strings.EqualFold(segs[i], "providers") {
			continue
		}
		rest := segs[i+2:]
		if len(rest) >= 3 && len(rest)%2 == 1 && method == http.MethodPost {
			rest = rest[:len(rest)-1]
		}
		types := []string{segs[i+1]}
		for j := 0; j < len(rest); j += 2 {
			types = append(types, rest[j])
		}
		return strings.Join(types, "/")
	}
	switch {
	case len(segs) >= 3 && strings.EqualFold(segs[0], "subscriptions") && strings.EqualFold(segs[2], "resourceGroups"):
		return "Microsoft.Resources/resourceGroups"
	case len(segs) >= 1 && strings.EqualFold(segs[0], "subscriptions"):
		return "Microsoft.Resources/subscriptions"
	}
	return "unknown"
}

package drift

import (
	"reflect"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"

	"github.com/armgen/armgen/pkg/genruntime"
)

// equivalent says Azure's held value means what was sent, as ARM compares values: the name of
// a child by its last segment ("fwrule" is held as "myredis/fwrule"), ARM IDs and resource types
// (where the key names a type, see namesType) without regard to case, locations by their normalised name ("West US 2" is "westus2").
// Numbers compare by value (JSON decoding gives float64); anything else must be equal.
func equivalent(path string, sent, held any) bool {
	s, ok1 := sent.(string)
	h, ok2 := held.(string)
	if !ok1 || !ok2 {
		return reflect.DeepEqual(sent, held)
	}
	switch {
	case s == h:
		return true
	case isLocation(path):
		return normaliseLocation(s) == normaliseLocation(h)
	case path == "name":
		// A child's PUT names it alone; ARM answers with its parents' names before it.
		return strings.EqualFold(s, h[strings.LastIndex(h, "/")+1:])
	case isResourceID(s) && isResourceID(h):
		return strings.EqualFold(strings.TrimSuffix(s, "/"), strings.TrimSuffix(h, "/"))
	case namesType(path) && isResourceType(s) && isResourceType(h):
		return strings.EqualFold(s, h)
	}
	return false
}

func isLocation(path string) bool {
	return path == "location" || strings.HasSuffix(path, ".location") || strings.HasSuffix(path, ".locationName")
}

// normaliseLocation is a location's name as ARM's own (lower case, no spaces): the display name
// "West US 2" is westus2.
func normaliseLocation(s string) string {
	return genruntime.LocationName(s)
}

// isResourceID says s is an ARM ID: rooted at a subscription, a tenant provider or a
// management group, and readable as one.
func isResourceID(s string) bool {
	l := strings.ToLower(s)
	if !strings.HasPrefix(l, "/subscriptions/") && !strings.HasPrefix(l, "/providers/") {
		return false
	}
	_, err := arm.ParseResourceID(s)
	return err == nil
}

// providerNamespace is how a resource provider is named (Microsoft.Cache, Dynatrace.Observability):
// dotted words. Without it, any a/b value (an address prefix "10.0.0.0/16", a path) would read as
// a resource type.
var providerNamespace = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$`)

// isResourceType says s is a resource type such as Microsoft.Cache/redis/firewallRules.
func isResourceType(s string) bool {
	if strings.HasPrefix(s, "/") || !strings.Contains(s, "/") {
		return false
	}
	t, err := arm.ParseResourceType(s)
	return err == nil && providerNamespace.MatchString(t.Namespace) && len(t.Types) > 0
}

// namesType says the key at path names a resource type (type, resourceType, targetResourceTypes,
// metricNamespace). The value's shape alone is not enough: a container image
// "registry.example.io/app:V1" or a host and path parse as a type too, and there case matters.
func namesType(path string) bool {
	key := strings.ToLower(path[strings.LastIndex(path, ".")+1:])
	if i := strings.IndexByte(key, '['); i >= 0 {
		key = key[:i]
	}
	return strings.HasSuffix(key, "type") || strings.HasSuffix(key, "types") || strings.HasSuffix(key, "namespace")
}

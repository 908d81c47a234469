package armfake

import (
	"strings"

	"github.com/armgen/armgen/pkg/genruntime"
)

// regionDisplayNames are the display names ARM gives the common public regions (the
// displayName of GET /subscriptions/{id}/locations), by the programmatic name clients send.
// westus2 -> "West US 2" is also what recRedis, recCosmosSQL and recPostgreSQLFlexible show.
var regionDisplayNames = map[string]string{
	"eastus": "East US", "eastus2": "East US 2", "westus": "West US", "westus2": "West US 2",
	"westus3": "West US 3", "centralus": "Central US", "northcentralus": "North Central US",
	"southcentralus": "South Central US", "westcentralus": "West Central US",
	"canadacentral": "Canada Central", "canadaeast": "Canada East", "brazilsouth": "Brazil South",
	"northeurope": "North Europe", "westeurope": "West Europe", "uksouth": "UK South",
	"ukwest": "UK West", "francecentral": "France Central", "germanywestcentral": "Germany West Central",
	"norwayeast": "Norway East", "switzerlandnorth": "Switzerland North", "swedencentral": "Sweden Central",
	"polandcentral": "Poland Central", "italynorth": "Italy North", "eastasia": "East Asia",
	"southeastasia": "Southeast Asia", "japaneast": "Japan East", "japanwest": "Japan West",
	"australiaeast": "Australia East", "australiasoutheast": "Australia Southeast",
	"australiacentral": "Australia Central", "centralindia": "Central India", "southindia": "South India",
	"westindia": "West India", "koreacentral": "Korea Central", "koreasouth": "Korea South",
	"southafricanorth": "South Africa North", "uaenorth": "UAE North", "qatarcentral": "Qatar Central",
}

// locationStyle says how a service answers the locations it was sent. Services differ: some
// keep what they were sent, some answer the region's display name, in the envelope's location
// and in the properties that name regions.
type locationStyle struct {
	// scope is a provider namespace, or an ARM type (which wins over its namespace's row).
	scope string
	// display: answer display names; false records a service seen keeping what it was sent.
	display bool
	// paths are properties besides the envelope's location that hold a region, dotted, with
	// [] for every item of an array.
	paths  []string
	source recording
}

var locationStyles = []locationStyle{
	{scope: "Microsoft.Cache", display: true, source: recRedis},
	{scope: "Microsoft.DocumentDB", display: true, paths: []string{"properties.locations[].locationName"}, source: recCosmosSQL},
	{scope: "Microsoft.DBforPostgreSQL", display: true, source: recPostgreSQLFlexible},
	{scope: "Microsoft.Network", display: false, source: recVirtualNetwork},
	{scope: "Microsoft.Storage", display: false, source: recStorageAccount},
	{scope: "Microsoft.ManagedIdentity", display: false, source: recCosmosSQL},
	{scope: "Microsoft.Resources", display: false, source: recStorageAccount},
}

// displayLocation is the display name of a region given in any spelling ARM accepts
// ("westus2", "West US 2", "WESTUS2"); a region not in the table is answered as it was sent.
func displayLocation(l string) string {
	if d, ok := regionDisplayNames[normalizeLocation(l)]; ok {
		return d
	}
	return l
}

// normalizeLocation is ARM's programmatic spelling of a location.
func normalizeLocation(l string) string {
	return genruntime.LocationName(l)
}

// applyLocationStyle answers the resource's locations as its service does.
func applyLocationStyle(out map[string]any, armType string) {
	row := lookupByScope(locationStyles, armType, func(r locationStyle) string { return r.scope })
	if row == nil || !row.display {
		return
	}
	if l, ok := out["location"].(string); ok {
		out["location"] = displayLocation(l)
	}
	for _, p := range row.paths {
		visitPath(out, p, func(parent map[string]any, key string) {
			if l, ok := parent[key].(string); ok {
				parent[key] = displayLocation(l)
			}
		})
	}
}

// lookupByScope finds the row for an ARM type: the row naming the type itself, else the row
// naming its provider namespace (case-insensitive, as ARM types are).
func lookupByScope[T any](rows []T, armType string, scope func(T) string) *T {
	ns, _, _ := strings.Cut(armType, "/")
	var byNamespace *T
	for i := range rows {
		s := scope(rows[i])
		if strings.EqualFold(s, armType) {
			return &rows[i]
		}
		if byNamespace == nil && strings.EqualFold(s, ns) {
			byNamespace = &rows[i]
		}
	}
	return byNamespace
}

package armfake

import (
	"encoding/base64"
	"hash/fnv"
	"strings"
)

// nameStyle is how a service answers the name of a child resource: ARM's own rule is the last
// segment of the ID, but some services answer the chain of names ("cache/rule"), a fixed name
// of their own, or an opaque token.
type nameStyle int

const (
	nameLast   nameStyle = iota // the last name segment (ARM's rule; rows record services seen keeping it)
	nameChain                   // the names from the top-level resource down, joined by "/"
	nameFixed                   // always the row's fixed name
	nameOpaque                  // a short token of the service's own, the same for an ID at every GET
)

type childName struct {
	armType string
	style   nameStyle
	fixed   string
	source  recording
}

var childNames = []childName{
	{armType: "Microsoft.Cache/redis/firewallRules", style: nameChain, source: recRedis},
	{armType: "Microsoft.Storage/storageAccounts/managementPolicies", style: nameFixed, fixed: "DefaultManagementPolicy", source: recStorageAccount},
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/throughputSettings", style: nameOpaque, source: recCosmosSQL},
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases", style: nameLast, source: recCosmosSQL},
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers", style: nameLast, source: recCosmosSQL},
	{armType: "Microsoft.Network/virtualNetworks/subnets", style: nameLast, source: recVirtualNetwork},
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers/databases", style: nameLast, source: recPostgreSQLFlexible},
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers/firewallRules", style: nameLast, source: recPostgreSQLFlexible},
}

// answeredName is the name a service answers for the resource at p.
func answeredName(p *armPath) string {
	last := p.names[len(p.names)-1]
	for _, row := range childNames {
		if !strings.EqualFold(row.armType, p.armType()) {
			continue
		}
		switch row.style {
		case nameChain:
			return strings.Join(p.names, "/")
		case nameFixed:
			return row.fixed
		case nameOpaque:
			h := fnv.New32a()
			_, _ = h.Write([]byte(strings.ToLower(p.id)))
			return base64.StdEncoding.EncodeToString(h.Sum(nil))[:4]
		}
	}
	return last
}

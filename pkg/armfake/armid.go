package armfake

import (
	"strings"
)

// pathKind is what a request path names.
type pathKind int

const (
	pathUnknown       pathKind = iota
	pathSubscriptions          // /subscriptions
	pathSubscription           // /subscriptions/{id}
	pathResource               // an ARM ID
	pathCollection             // a resource type in a scope: .../providers/Ns/type
	pathAction                 // POST .../resource/{action}
	pathOperation              // .../providers/Ns/locations/{loc}/operationStatuses|operationResults/{id}
)

// armPath is a request path read as ARM reads it. ARM IDs are case-insensitive; key is the
// lower-cased ID that state is stored under, while the ID keeps the casing the client sent.
type armPath struct {
	kind          pathKind
	subscription  string
	resourceGroup string
	namespace     string
	// types are the type segments after the namespace; names the name segments.
	types, names []string
	// scope is the ID before /providers/{namespace} ("" at tenant scope).
	scope string
	// id is the resource's ARM ID (for an action, of the resource acted on).
	id     string
	action string
	// opID and opResult name an operation resource (opResult: the Location URL).
	opID     string
	opResult bool
}

func (p *armPath) armType() string { return p.namespace + "/" + strings.Join(p.types, "/") }

func (p *armPath) key() string { return strings.ToLower(p.id) }

// parentID is the ID of the resource this one lives in: its parent resource, else its scope.
func (p *armPath) parentID() string {
	if len(p.types) > 1 {
		segs := []string{p.scope, "providers", p.namespace}
		for i := range len(p.types) - 1 {
			segs = append(segs, p.types[i], p.names[i])
		}
		return strings.Join(segs, "/")
	}
	return p.scope
}

// parsePath reads a URL path (without query). method matters only to tell an action (POST on
// .../resource/{action}) from a collection (GET on .../type).
func parsePath(path, method string) *armPath {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, s := range segs {
		if s == "" {
			return &armPath{kind: pathUnknown}
		}
	}
	p := &armPath{}
	if strings.EqualFold(segs[0], "subscriptions") {
		if len(segs) == 1 {
			p.kind = pathSubscriptions
			return p
		}
		p.subscription = segs[1]
		if len(segs) == 2 {
			p.kind = pathSubscription
			p.id = "/subscriptions/" + segs[1]
			return p
		}
		if len(segs) >= 4 && strings.EqualFold(segs[2], "resourcegroups") {
			p.resourceGroup = segs[3]
		}
	}
	provider := -1
	for i := len(segs) - 2; i >= 0; i-- {
		if strings.EqualFold(segs[i], "providers") {
			provider = i
			break
		}
	}
	var rest []string
	switch {
	case provider >= 0:
		p.scope = scopeString(segs[:provider])
		p.namespace = segs[provider+1]
		rest = segs[provider+2:]
	case p.subscription != "" && len(segs) >= 3 && strings.EqualFold(segs[2], "resourcegroups"):
		// Resource groups are the one resource ARM addresses without a providers segment.
		p.scope = "/subscriptions/" + p.subscription
		p.namespace = "Microsoft.Resources"
		rest = segs[2:]
	default:
		return &armPath{kind: pathUnknown}
	}
	if len(rest) == 4 && strings.EqualFold(rest[0], "locations") &&
		(strings.EqualFold(rest[2], "operationStatuses") || strings.EqualFold(rest[2], "operationResults")) {
		p.opID, p.opResult = rest[3], strings.EqualFold(rest[2], "operationResults")
	}
	if len(rest) == 0 {
		return &armPath{kind: pathUnknown}
	}
	if len(rest)%2 == 1 {
		if method == "POST" && len(rest) >= 3 {
			p.action = rest[len(rest)-1]
			rest = rest[:len(rest)-1]
			p.kind = pathAction
		} else {
			p.kind = pathCollection
			for i := 0; i < len(rest); i += 2 {
				p.types = append(p.types, rest[i])
			}
			for i := 1; i < len(rest); i += 2 {
				p.names = append(p.names, rest[i])
			}
			return p
		}
	} else {
		p.kind = pathResource
	}
	for i := 0; i < len(rest); i += 2 {
		p.types = append(p.types, rest[i])
		p.names = append(p.names, rest[i+1])
	}
	p.id = strings.Join(append([]string{p.scope, "providers", p.namespace}, rest...), "/")
	if p.namespace == "Microsoft.Resources" && provider < 0 {
		p.id = p.scope + "/" + strings.Join(rest, "/")
	}
	return p
}

func scopeString(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	return "/" + strings.Join(segs, "/")
}

// resourceGroupID is the ID of the group a path lives in, "" outside one.
func (p *armPath) resourceGroupID() string {
	if p.resourceGroup == "" {
		return ""
	}
	return "/subscriptions/" + p.subscription + "/resourceGroups/" + p.resourceGroup
}

// isResourceGroup says the path is a resource group itself.
func (p *armPath) isResourceGroup() bool {
	return strings.EqualFold(p.namespace, "Microsoft.Resources") && len(p.types) == 1 && strings.EqualFold(p.types[0], "resourceGroups")
}

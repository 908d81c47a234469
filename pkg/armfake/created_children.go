package armfake

import (
	"strings"
	"time"
)

// Some services create children of their own with a resource: every Service Bus, Event Hubs,
// Relay and Notification Hubs namespace comes with the authorization rule
// RootManageSharedAccessKey, whose keys make the namespace's connection strings, and every
// notification hub with DefaultFullSharedAccessSignature (for back ends) and
// DefaultListenSharedAccessSignature (for devices). Clients rely on them (Azure Service Operator
// exports a namespace's or a hub's connection string from the listKeys action of these rules
// without ever creating them), so armfake creates them too. The swagger does not say so: the
// table does.
var createdChildren = map[string][]createdChild{
	"microsoft.servicebus/namespaces":                        {rootManageSharedAccessKey},
	"microsoft.eventhub/namespaces":                          {rootManageSharedAccessKey},
	"microsoft.relay/namespaces":                             {rootManageSharedAccessKey},
	"microsoft.notificationhubs/namespaces":                  {rootManageSharedAccessKey},
	"microsoft.notificationhubs/namespaces/notificationhubs": {defaultFullSharedAccessSignature, defaultListenSharedAccessSignature},
}

// createdChild is a child a service creates with its parent: segment is the child type's last
// segment, as the catalogue has it below the parent.
type createdChild struct {
	segment, name string
	body          map[string]any
}

var rootManageSharedAccessKey = createdChild{
	segment: "authorizationRules",
	name:    "RootManageSharedAccessKey",
	body:    map[string]any{"properties": map[string]any{"rights": []any{"Listen", "Manage", "Send"}}},
}

var defaultFullSharedAccessSignature = createdChild{
	segment: "authorizationRules",
	name:    "DefaultFullSharedAccessSignature",
	body:    map[string]any{"properties": map[string]any{"rights": []any{"Listen", "Manage", "Send"}}},
}

var defaultListenSharedAccessSignature = createdChild{
	segment: "authorizationRules",
	name:    "DefaultListenSharedAccessSignature",
	body:    map[string]any{"properties": map[string]any{"rights": []any{"Listen"}}},
}

// createChildren stores the children the service creates with st, a resource just created. The
// caller holds s.mu.
func (s *Server) createChildren(st *stored, who string, now time.Time) {
	for _, want := range createdChildren[strings.ToLower(st.armType)] {
		child := s.cat.lookup(st.armType + "/" + want.segment)
		if child == nil {
			continue // the catalogue was loaded without the child's swagger
		}
		// The child's type as the catalogue spells it names its segment in the ID.
		seg := child.ARMType[len(child.ARMType)-len(want.segment):]
		id := st.id + "/" + seg + "/" + want.name
		if s.store.get(id) != nil {
			continue
		}
		apiVersion := st.apiVersion
		if child.versions[apiVersion] == nil {
			vs := child.sortedVersions()
			apiVersion = vs[len(vs)-1]
		}
		s.store.put(&stored{id: id, armType: child.ARMType, apiVersion: apiVersion, body: deepCopy(want.body).(map[string]any),
			provisioningState: "Succeeded", etag: newEtag(), created: now, modified: now, createdBy: who})
	}
}

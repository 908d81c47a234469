package armfake

import (
	"strings"
)

// idCasing is a spelling a service uses in the IDs and types it answers, whatever the client
// sent: a type segment (Microsoft.Cache/redis answered Microsoft.Cache/Redis, in the cache's
// ID, its children's and any ID naming it), or the resourceGroups segment of its resources'
// IDs (answered resourcegroups).
type idCasing struct {
	// armType names the type whose last segment is re-spelt as spelt here.
	armType string
	// groupSegment, when set, is how the service spells resourceGroups in IDs of armType.
	groupSegment string
	source       recording
}

var idCasings = []idCasing{
	{armType: "Microsoft.Cache/Redis", source: recRedis},
	{armType: "Microsoft.ManagedIdentity/userAssignedIdentities", groupSegment: "resourcegroups", source: recCosmosSQL},
}

// recaseID spells an ARM ID as the services of the table answer it; anything else (not an ID,
// or no row) is returned unchanged.
func recaseID(id string) string {
	if !strings.HasPrefix(strings.ToLower(id), "/subscriptions/") {
		return id
	}
	p := parsePath(id, "GET")
	if p.kind != pathResource || len(p.types) == 0 {
		return id
	}
	segs := strings.Split(id, "/")
	prov := -1
	for i := len(segs) - 2; i >= 0; i-- {
		if strings.EqualFold(segs[i], "providers") {
			prov = i
			break
		}
	}
	if prov < 0 {
		return id
	}
	changed := false
	for i := range p.types {
		at := prov + 2 + 2*i
		want := typeSpelling(p.namespace + "/" + strings.Join(p.types[:i+1], "/"))
		if want != "" && segs[at] != want {
			segs[at], changed = want, true
		}
	}
	for _, row := range idCasings {
		if row.groupSegment != "" && strings.EqualFold(row.armType, p.armType()) && len(segs) > 3 && strings.EqualFold(segs[3], "resourceGroups") {
			segs[3], changed = row.groupSegment, true
		}
	}
	if !changed {
		return id
	}
	return strings.Join(segs, "/")
}

// typeSpelling is the table's spelling of the last segment of an ARM type, "" without a row.
func typeSpelling(armType string) string {
	for _, row := range idCasings {
		if row.groupSegment == "" && strings.EqualFold(row.armType, armType) {
			return row.armType[strings.LastIndex(row.armType, "/")+1:]
		}
	}
	return ""
}

// recaseType spells an ARM type as the services of the table answer it.
func recaseType(armType string) string {
	segs := strings.Split(armType, "/")
	for i := 1; i < len(segs); i++ {
		if want := typeSpelling(strings.Join(segs[:i+1], "/")); want != "" {
			segs[i] = want
		}
	}
	return strings.Join(segs, "/")
}

// recaseIDs re-spells every ARM ID held in v's strings (references to other resources).
func recaseIDs(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok {
				x[k] = recaseID(s)
				continue
			}
			recaseIDs(e)
		}
	case []any:
		for i, e := range x {
			if s, ok := e.(string); ok {
				x[i] = recaseID(s)
				continue
			}
			recaseIDs(e)
		}
	}
}

package armfake

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// writeList answers a list request with value, a page of Options.ListPageSize items at a time
// when that is set: each page but the last carries a nextLink with a $skiptoken, as ARM's do.
func (s *Server) writeList(w http.ResponseWriter, r *http.Request, value []any) {
	size := s.opts.ListPageSize
	if size <= 0 {
		writeJSON(w, http.StatusOK, map[string]any{"value": value})
		return
	}
	start := 0
	if tok := r.URL.Query().Get("$skiptoken"); tok != "" {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 || n > len(value) {
			writeError(w, http.StatusBadRequest, "InvalidSkipToken", fmt.Sprintf("The $skiptoken '%s' is not valid.", tok))
			return
		}
		start = n
	}
	end := min(start+size, len(value))
	page := map[string]any{"value": value[start:end]}
	if end < len(value) {
		q := r.URL.Query()
		q.Set("$skiptoken", strconv.Itoa(end))
		page["nextLink"] = s.url + r.URL.EscapedPath() + "?" + q.Encode()
	}
	writeJSON(w, http.StatusOK, page)
}

// isGroupResources says a path is a resource group's generic list of resources:
// /subscriptions/{s}/resourceGroups/{rg}/resources.
func (p *armPath) isGroupResources() bool {
	return p.kind == pathCollection && p.scope != "" && strings.EqualFold(p.namespace, "Microsoft.Resources") &&
		len(p.types) == 2 && strings.EqualFold(p.types[0], "resourceGroups") && strings.EqualFold(p.types[1], "resources")
}

// serveGroupResources answers GET .../resourceGroups/{rg}/resources, ARM's list of what a group
// holds whatever its type: every top-level resource in the group, and every nested one that has
// a location (ARM lists tracked resources: a SQL database, not a subnet). Items carry the
// generic envelope only (id, name, type, location, tags, kind, sku, identity, managedBy, plan):
// a client GETs a resource for the rest.
func (s *Server) serveGroupResources(w http.ResponseWriter, r *http.Request, p *armPath, who principal) {
	if r.Method != http.MethodGet {
		writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", fmt.Sprintf("The collection '%s' answers GET only.", r.URL.Path))
		return
	}
	rg := p.resourceGroupID()
	if !s.authorize(w, who, r.Method, "Microsoft.Resources/resources", rg) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store.get(rg) == nil {
		writeError(w, http.StatusNotFound, "ResourceGroupNotFound", fmt.Sprintf("Resource group '%s' could not be found.", p.resourceGroup))
		return
	}
	value := []any{}
	for _, st := range s.store.below(rg) {
		rp := parsePath(st.id, "GET")
		if rp.kind != pathResource || !strings.EqualFold(rp.resourceGroupID(), rg) || rp.isResourceGroup() ||
			!strings.EqualFold(rp.scope, rg) {
			continue // extension resources on other resources are not the group's
		}
		if _, tracked := st.body["location"]; len(rp.types) > 1 && !tracked {
			continue
		}
		if s.cat.extensionType(st.armType) {
			continue // role assignments, locks: attached to the group, not held by it
		}
		item := map[string]any{"id": st.id, "name": strings.Join(rp.names, "/"), "type": st.armType}
		for _, k := range []string{"location", "tags", "kind", "sku", "identity", "managedBy", "plan", "extendedLocation"} {
			if v, ok := st.body[k]; ok {
				item[k] = deepCopy(v)
			}
		}
		value = append(value, item)
	}
	s.writeList(w, r, value)
}

// extensionType says a type is an extension resource (it attaches to any resource or scope),
// at least in one of its declarations.
func (c *catalogue) extensionType(armType string) bool {
	t := c.lookup(armType)
	return t != nil && t.declaredAt(astmodel.ScopeExtension)
}

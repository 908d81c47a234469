package armfake

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// serveARM routes an authenticated ARM request by what its path names.
func (s *Server) serveARM(w http.ResponseWriter, r *http.Request, body []byte, who principal, f *Fault) {
	p := parsePath(r.URL.Path, r.Method)
	if p.opID != "" && s.serveOperation(w, r, p, who) {
		return
	}
	switch p.kind {
	case pathSubscriptions:
		s.serveSubscriptions(w, r, who)
		return
	case pathSubscription:
		s.serveSubscription(w, r, p, who)
		return
	case pathUnknown:
		writeError(w, http.StatusNotFound, "NotFound", fmt.Sprintf("The path '%s' is not an ARM resource, collection or action.", r.URL.Path))
		return
	}
	apiVersion := r.URL.Query().Get("api-version")
	if apiVersion == "" {
		writeError(w, http.StatusBadRequest, "MissingApiVersionParameter", "The api-version query parameter (?api-version=) is required for all requests.")
		return
	}
	if p.subscription != "" && !s.subscriptionExists(p.subscription) {
		writeError(w, http.StatusNotFound, "SubscriptionNotFound", fmt.Sprintf("The subscription '%s' could not be found.", p.subscription))
		return
	}
	if p.isGroupResources() {
		s.serveGroupResources(w, r, p, who)
		return
	}
	if s.serveDeleted(w, r, p, who, f, apiVersion) {
		return
	}
	t := s.cat.lookup(p.armType())
	if t == nil {
		if !s.cat.hasNamespace(p.namespace) {
			writeError(w, http.StatusBadRequest, "InvalidResourceNamespace", fmt.Sprintf("The resource namespace '%s' is invalid.", p.namespace))
			return
		}
		writeError(w, http.StatusBadRequest, "InvalidResourceType", fmt.Sprintf("The resource type '%s' could not be found in the namespace '%s' for api version '%s'.",
			strings.Join(p.types, "/"), p.namespace, apiVersion))
		return
	}
	tv := t.versions[apiVersion]
	if tv != nil {
		tv = tv.at(p.scope)
	}
	if tv == nil {
		writeError(w, http.StatusBadRequest, "InvalidApiVersionParameter", fmt.Sprintf(
			"The api-version '%s' is invalid for resource type '%s'. The supported versions are '%s'.",
			apiVersion, t.ARMType, strings.Join(t.sortedVersions(), ",")))
		return
	}
	ops, err := tv.operations()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "InternalServerError", "armfake cannot serve this type from the swagger: "+err.Error())
		return
	}
	target := p.id
	if p.kind == pathCollection {
		target = p.parentID()
		if target == "" {
			target = "/"
		}
	}
	if !s.authorize(w, who, r.Method, t.ARMType, target) {
		return
	}
	h := &request{s: s, w: w, r: r, p: p, t: t, tv: tv, ops: ops, body: body, who: who, fault: f, apiVersion: apiVersion}
	switch p.kind {
	case pathCollection:
		if r.Method != http.MethodGet {
			writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", fmt.Sprintf("The collection '%s' answers GET only.", r.URL.Path))
			return
		}
		h.list()
	case pathAction:
		h.action()
	case pathResource:
		switch r.Method {
		case http.MethodPut:
			h.put()
		case http.MethodGet:
			h.get()
		case http.MethodHead:
			h.head()
		case http.MethodDelete:
			if !ops.hasDelete {
				h.deleteNotAllowed()
				return
			}
			h.delete()
		case http.MethodPatch:
			h.patch()
		default:
			writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", fmt.Sprintf("The method '%s' is not allowed on a resource.", r.Method))
		}
	}
}

// hasNamespace says whether any served type is in a provider namespace.
func (c *catalogue) hasNamespace(ns string) bool {
	prefix := strings.ToLower(ns) + "/"
	for k := range c.types {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

func (s *Server) subscriptionExists(id string) bool {
	return len(s.opts.Subscriptions) == 0 || slices.ContainsFunc(s.opts.Subscriptions, func(x string) bool { return strings.EqualFold(x, id) })
}

func (s *Server) subscriptionBody(id string) map[string]any {
	return map[string]any{
		"id": "/subscriptions/" + id, "subscriptionId": id, "tenantId": s.opts.TenantID,
		"displayName": "armfake subscription " + id, "state": "Enabled",
		"subscriptionPolicies": map[string]any{"locationPlacementId": "Public_2014-09-01", "quotaId": "armfake", "spendingLimit": "Off"},
		"authorizationSource":  "RoleBased",
	}
}

// serveSubscription answers GET /subscriptions/{id}: subscriptions exist (all of them, or
// those in Options.Subscriptions) and cannot be created or deleted through ARM.
func (s *Server) serveSubscription(w http.ResponseWriter, r *http.Request, p *armPath, who principal) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "Subscriptions are read-only in armfake.")
		return
	}
	if r.URL.Query().Get("api-version") == "" {
		writeError(w, http.StatusBadRequest, "MissingApiVersionParameter", "The api-version query parameter (?api-version=) is required for all requests.")
		return
	}
	if !s.subscriptionExists(p.subscription) {
		writeError(w, http.StatusNotFound, "SubscriptionNotFound", fmt.Sprintf("The subscription '%s' could not be found.", p.subscription))
		return
	}
	if !s.authorize(w, who, r.Method, "Microsoft.Resources/subscriptions", p.id) {
		return
	}
	writeJSON(w, http.StatusOK, s.subscriptionBody(p.subscription))
}

// serveSubscriptions lists the subscriptions a client may see.
func (s *Server) serveSubscriptions(w http.ResponseWriter, r *http.Request, who principal) {
	if r.Method != http.MethodGet {
		writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "Subscriptions are read-only in armfake.")
		return
	}
	subs := s.opts.Subscriptions
	if len(subs) == 0 {
		// Every id exists, so list those a client was granted, else none in particular.
		if c, ok := s.opts.Clients[who.clientID]; ok {
			for _, sc := range c.Scopes {
				if p := parsePath(sc, "GET"); p.subscription != "" && !slices.Contains(subs, p.subscription) {
					subs = append(subs, p.subscription)
				}
			}
		}
	}
	value := []any{}
	for _, id := range subs {
		if c, ok := s.opts.Clients[who.clientID]; !ok || c.allowed("/subscriptions/"+id) {
			value = append(value, s.subscriptionBody(id))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"value": value})
}

package armfake

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Some services keep a deleted resource recoverable for a while, under its location: a deleted
// key vault (soft delete, on by default) is listed under
// /subscriptions/{s}/providers/Microsoft.KeyVault/locations/{location}/deletedVaults/{name} with
// its keys and secrets, and its name stays taken until it is recovered (a PUT with createMode
// recover) or purged (POST .../purge). Clients rely on it: Azure Service Operator's
// createMode createOrRecover and purgeThenCreate act on it, and a plain re-creation of a vault
// deleted a moment ago is refused. The swagger declares the deleted vaults' GET, list and purge,
// but not that a DELETE makes one: the table does.
var softDeleting = map[string]softDeleteRule{
	"microsoft.keyvault/vaults": {deletedType: "deletedVaults", defaultRetentionDays: 90},
}

// softDeleteRule says how a type keeps its deleted resources.
type softDeleteRule struct {
	// deletedType is the type segment below providers/{namespace}/locations/{location} that
	// holds the deleted resources (and, below providers/{namespace}, lists them).
	deletedType string
	// defaultRetentionDays is how long a deleted one is kept when its
	// properties.softDeleteRetentionInDays does not say.
	defaultRetentionDays int
}

// deletedResource is a resource kept after its DELETE, with everything that was below it.
type deletedResource struct {
	id       string    // its ID as a deleted resource (.../locations/{loc}/deletedVaults/{name})
	items    []*stored // the resource first, then what was below it
	location string
	deleted  time.Time
	// purging is the purge operation, once one was started.
	purging *operation
}

func (d *deletedResource) resource() *stored { return d.items[0] }

// removeLocked deletes id and everything below it, keeping the soft-deleting resources among
// them as deleted resources. The caller holds s.mu.
func (s *Server) removeLocked(id string) {
	now := time.Now()
	for _, st := range append([]*stored{s.store.get(id)}, s.store.below(id)...) {
		if st == nil {
			continue
		}
		rule, ok := softDeleting[strings.ToLower(st.armType)]
		if !ok || !softDeleteEnabled(st) {
			continue
		}
		items := append([]*stored{st}, s.store.below(st.id)...)
		for _, it := range items {
			it.pending = nil
		}
		location := normaliseLocation(st.body["location"])
		d := &deletedResource{id: deletedID(st, rule, location), items: items, location: location, deleted: now}
		s.deleted[strings.ToLower(d.id)] = d
	}
	s.store.remove(id)
}

// softDeleteEnabled: Key Vault soft-deletes unless the vault was made with enableSoftDelete
// false (which newer API versions refuse).
func softDeleteEnabled(st *stored) bool {
	props, _ := st.body["properties"].(map[string]any)
	enabled, set := props["enableSoftDelete"].(bool)
	return !set || enabled
}

func normaliseLocation(v any) string {
	l, _ := v.(string)
	return genruntime.LocationName(l)
}

// deletedID is the ID st has once deleted: in its subscription and location, by its name.
func deletedID(st *stored, rule softDeleteRule, location string) string {
	p := parsePath(st.id, http.MethodGet)
	return "/subscriptions/" + p.subscription + "/providers/" + p.namespace + "/locations/" + location + "/" +
		rule.deletedType + "/" + p.names[len(p.names)-1]
}

// recoverOrRefuse is the PUT creating a resource of a soft-deleting type where none is stored:
// a deleted one of the name is recovered (its children with it) when the body asks
// (properties.createMode recover), else the name is taken (409 ConflictError, as Key Vault
// answers); a recover with nothing to recover is 404. It returns the recovered resource, or nil
// to create a new one; ok is false when it has answered. The caller holds s.mu.
func (h *request) recoverOrRefuse(body map[string]any) (recovered *stored, ok bool) {
	rule, soft := softDeleting[strings.ToLower(h.t.ARMType)]
	if !soft {
		return nil, true
	}
	probe := &stored{id: h.p.id, body: body}
	location := normaliseLocation(body["location"])
	key := strings.ToLower(deletedID(probe, rule, location))
	d := h.s.deletedAt(key)
	props, _ := body["properties"].(map[string]any)
	mode, _ := props["createMode"].(string)
	name := h.p.names[len(h.p.names)-1]
	switch {
	case d == nil && strings.EqualFold(mode, "recover"):
		writeError(h.w, http.StatusNotFound, "DeletedVaultNotFound", fmt.Sprintf(
			"There is no deleted %s named '%s' in location '%s' to recover.", h.t.ARMType, name, location))
		return nil, false
	case d == nil:
		return nil, true
	case !strings.EqualFold(mode, "recover") || h.s.purging(d):
		writeError(h.w, http.StatusConflict, "ConflictError", "Exist soft deleted vault with the same name. ")
		return nil, false
	}
	delete(h.s.deleted, key)
	for _, it := range d.items {
		// Recovered where the PUT names it: the resource group may be another one.
		it.id = h.p.id + it.id[len(d.resource().id):]
		h.s.store.put(it)
	}
	return d.resource(), true
}

// deletedAt is the deleted resource stored under key, its purge brought up to date (see
// advance): nil when there is none, or its purge has ended. The caller holds s.mu.
func (s *Server) deletedAt(key string) *deletedResource {
	if d := s.deleted[key]; d != nil && d.purging != nil {
		s.advance(d.purging, false)
	}
	return s.deleted[key]
}

// purging says the deleted resource's purge is still running. The caller holds s.mu.
func (s *Server) purging(d *deletedResource) bool {
	return d.purging != nil && d.purging.status == "InProgress"
}

// softDeleteRuleFor finds the rule whose deleted resources p names: .../locations/{l}/{type}/{name}
// (and its purge action) or the list .../providers/{namespace}/{type}.
func softDeleteRuleFor(p *armPath) (string, softDeleteRule, bool) {
	for armType, rule := range softDeleting {
		ns, _, _ := strings.Cut(armType, "/")
		if !strings.EqualFold(p.namespace, ns) {
			continue
		}
		switch {
		case len(p.types) == 2 && strings.EqualFold(p.types[0], "locations") && strings.EqualFold(p.types[1], rule.deletedType):
			return armType, rule, true
		case len(p.types) == 1 && p.kind == pathCollection && strings.EqualFold(p.types[0], rule.deletedType):
			return armType, rule, true
		}
	}
	return "", softDeleteRule{}, false
}

// serveDeleted answers the requests on deleted resources: GET one, list them, purge one. It
// says false when p names none of them.
func (s *Server) serveDeleted(w http.ResponseWriter, r *http.Request, p *armPath, who principal, f *Fault, apiVersion string) bool {
	armType, rule, ok := softDeleteRuleFor(p)
	if !ok {
		return false
	}
	t := s.cat.lookup(armType)
	if t == nil {
		return false // the spec root has not the type: nothing is ever deleted softly
	}
	if t.versions[apiVersion] == nil {
		writeError(w, http.StatusBadRequest, "InvalidApiVersionParameter", fmt.Sprintf(
			"The api-version '%s' is invalid for resource type '%s/%s'. The supported versions are '%s'.",
			apiVersion, p.namespace, rule.deletedType, strings.Join(t.sortedVersions(), ",")))
		return true
	}
	deletedType := p.namespace + "/" + rule.deletedType
	target := p.id
	if p.kind == pathCollection {
		target = p.scope
	}
	if !s.authorize(w, who, r.Method, deletedType, target) {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case p.kind == pathCollection && r.Method == http.MethodGet:
		value := []any{}
		prefix := strings.ToLower(p.scope + "/providers/" + p.namespace + "/locations/")
		for _, k := range slices.Sorted(maps.Keys(s.deleted)) {
			if strings.HasPrefix(k, prefix) && strings.Contains(k, "/"+strings.ToLower(rule.deletedType)+"/") {
				value = append(value, s.renderDeleted(s.deleted[k], deletedType, rule))
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"value": value})
	case p.kind == pathResource && r.Method == http.MethodGet:
		d := s.deletedAt(strings.ToLower(p.id))
		if d == nil {
			writeError(w, http.StatusNotFound, "DeletedVaultNotFound", fmt.Sprintf(
				"There is no deleted %s named '%s' in location '%s'.", armType, p.names[len(p.names)-1], p.names[0]))
			return true
		}
		writeJSON(w, http.StatusOK, s.renderDeleted(d, deletedType, rule))
	case p.kind == pathAction && r.Method == http.MethodPost && strings.EqualFold(p.action, "purge"):
		s.purge(w, p, f, apiVersion, armType)
	default:
		writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", fmt.Sprintf(
			"'%s %s': deleted resources answer GET, their list GET and their purge POST only.", r.Method, r.URL.Path))
	}
	return true
}

// purge starts removing a deleted resource for good (a long-running operation, as Key Vault's);
// a second purge while one runs joins it. A resource made with purge protection cannot be
// purged before its retention ends. The caller holds s.mu.
func (s *Server) purge(w http.ResponseWriter, p *armPath, f *Fault, apiVersion, armType string) {
	key := strings.ToLower(p.id)
	d := s.deletedAt(key)
	name := p.names[len(p.names)-1]
	if d == nil {
		writeError(w, http.StatusNotFound, "DeletedVaultNotFound", fmt.Sprintf(
			"There is no deleted %s named '%s' in location '%s' to purge.", armType, name, p.names[0]))
		return
	}
	if s.purging(d) {
		s.operationHeaders(w, d.purging)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	props, _ := d.resource().body["properties"].(map[string]any)
	if protected, _ := props["enablePurgeProtection"].(bool); protected {
		writeError(w, http.StatusConflict, "Conflict", fmt.Sprintf(
			"The deleted %s '%s' has purge protection enabled: it cannot be purged before its scheduled purge date.", armType, name))
		return
	}
	op := s.startOperation(p, http.MethodPost, apiVersion, f)
	op.succeeded = func() { delete(s.deleted, key) }
	d.purging = op
	s.operationHeaders(w, op)
	w.WriteHeader(http.StatusAccepted)
}

// renderDeleted is a deleted resource as its GET answers (Key Vault's DeletedVault).
func (s *Server) renderDeleted(d *deletedResource, deletedType string, rule softDeleteRule) map[string]any {
	st := d.resource()
	props, _ := st.body["properties"].(map[string]any)
	days := rule.defaultRetentionDays
	if n, ok := props["softDeleteRetentionInDays"].(float64); ok && n > 0 {
		days = int(n)
	}
	protected, _ := props["enablePurgeProtection"].(bool)
	out := map[string]any{
		"vaultId":                st.id,
		"location":               d.location,
		"deletionDate":           d.deleted.UTC().Format(time.RFC3339),
		"scheduledPurgeDate":     d.deleted.AddDate(0, 0, days).UTC().Format(time.RFC3339),
		"purgeProtectionEnabled": protected,
	}
	if tags, ok := st.body["tags"]; ok {
		out["tags"] = deepCopy(tags)
	}
	p := parsePath(d.id, http.MethodGet)
	return map[string]any{"id": d.id, "name": p.names[len(p.names)-1], "type": deletedType, "properties": out}
}

package armfake

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/astmodel"
)

// request is one ARM request on a resource type the catalogue knows.
type request struct {
	s          *Server
	w          http.ResponseWriter
	r          *http.Request
	p          *armPath
	t          *resourceType
	tv         *typeVersion
	ops        *typeOps
	body       []byte
	who        principal
	fault      *Fault
	apiVersion string
}

func (h *request) lro(method string) bool {
	return h.ops.lro[method] || (h.s.opts.ForceLRO && method != http.MethodPatch) ||
		(h.fault != nil && h.fault.Kind == FaultLROFailed)
}

// checkParents answers 404 when what the resource lives in does not exist: its resource
// group (ResourceGroupNotFound), its parent resource (ParentResourceNotFound) or the resource
// an extension resource is attached to. The caller holds s.mu.
func (h *request) checkParents() bool {
	s, p := h.s, h.p
	if rg := p.resourceGroupID(); rg != "" && !p.isResourceGroup() && s.store.get(rg) == nil {
		writeError(h.w, http.StatusNotFound, "ResourceGroupNotFound", fmt.Sprintf("Resource group '%s' could not be found.", p.resourceGroup))
		return false
	}
	parent := p.parentID()
	if len(p.types) > 1 {
		if st := s.store.get(parent); st == nil || st.deleting() {
			writeError(h.w, http.StatusNotFound, "ParentResourceNotFound", fmt.Sprintf(
				"Can not perform requested operation on nested resource. Parent resource '%s' not found.", strings.Join(p.names[:len(p.names)-1], "/")))
			return false
		}
		return true
	}
	// An extension resource needs the resource it extends, when that is a resource.
	if pp := parsePath(parent, "GET"); pp.kind == pathResource && !strings.EqualFold(parent, p.resourceGroupID()) && s.store.get(parent) == nil {
		writeError(h.w, http.StatusNotFound, "ParentResourceNotFound", fmt.Sprintf("Can not perform requested operation on extension resource. Scope resource '%s' not found.", parent))
		return false
	}
	return true
}

func (st *stored) deleting() bool { return st.pending != nil && st.pending.method == http.MethodDelete }

func (h *request) notFound() {
	p := h.p
	if p.isResourceGroup() {
		writeError(h.w, http.StatusNotFound, "ResourceGroupNotFound", fmt.Sprintf("Resource group '%s' could not be found.", p.names[0]))
		return
	}
	where := ""
	if p.resourceGroup != "" {
		where = fmt.Sprintf(" under resource group '%s'", p.resourceGroup)
	}
	writeError(h.w, http.StatusNotFound, "ResourceNotFound", fmt.Sprintf("The Resource '%s/%s'%s was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix",
		h.t.ARMType, strings.Join(p.names, "/"), where))
}

// prepare decodes, cleans and validates a body for the type's api-version.
func (h *request) prepare(m map[string]any) *armError {
	for _, k := range []string{"id", "name", "type", "systemData", "etag"} {
		delete(m, k) // read-only everywhere in ARM, whatever a schema forgets to say
	}
	stripReadOnly(m, h.ops.body, 0)
	return validateBody(h.ops, m)
}

func (h *request) put() {
	m, bad := decodeBody(h.body)
	if bad != nil {
		writeErrorBody(h.w, http.StatusBadRequest, *bad)
		return
	}
	if bad := h.prepare(m); bad != nil {
		writeErrorBody(h.w, http.StatusBadRequest, *bad)
		return
	}
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if !h.checkParents() {
		return
	}
	if !h.writable() {
		return
	}
	now := time.Now()
	st := s.store.get(h.p.id)
	created := st == nil
	if created {
		recovered, ok := h.recoverOrRefuse(m)
		if !ok {
			return
		}
		st, created = recovered, recovered == nil
	}
	if created {
		st = &stored{id: h.p.id, armType: h.t.ARMType, created: now, createdBy: h.who.clientID}
	} else if !h.ifMatch(st) {
		return
	}
	st.apiVersion, st.body, st.modified, st.etag = h.apiVersion, m, now, newEtag()
	s.store.put(st)
	s.syncEmbedded(st, h.ops, m, true, h.who.clientID, now)
	status := http.StatusOK
	if created {
		s.createChildren(st, h.who.clientID, now)
		status = http.StatusCreated
	}
	if h.lro(http.MethodPut) {
		st.provisioningState = map[bool]string{true: "Creating", false: "Updating"}[created]
		st.pending = s.startOperation(h.p, http.MethodPut, h.apiVersion, h.fault)
		h.answerOperation(status, st, st.pending, created)
		return
	}
	st.provisioningState, st.pending = "Succeeded", nil
	h.writeResource(status, st)
}

// writable answers 409 to a write Azure would refuse for now: into a resource group being
// deleted (ResourceGroupBeingDeleted), or on a resource with an operation still running
// (AnotherOperationInProgress; a DELETE is not a write here: it supersedes the operation, see
// delete). The caller holds s.mu.
func (h *request) writable() bool {
	s, p := h.s, h.p
	if rg := p.resourceGroupID(); rg != "" {
		if st := s.settled(rg); st != nil && st.deleting() {
			writeError(h.w, http.StatusConflict, "ResourceGroupBeingDeleted", fmt.Sprintf(
				"The resource group '%s' is in deprovisioning state and cannot perform this operation.", p.resourceGroup))
			return false
		}
	}
	if st := s.settled(p.id); st != nil && st.pending != nil && st.pending.status == "InProgress" {
		writeError(h.w, http.StatusConflict, "AnotherOperationInProgress", fmt.Sprintf(
			"Another operation on this or dependent resource is in progress: %s '%s' started at %s has not finished.",
			st.pending.method, p.id, st.pending.start.UTC().Format(time.RFC3339)))
		return false
	}
	return true
}

// ifMatch honours If-Match / If-None-Match on a write, as ARM does with etags.
func (h *request) ifMatch(st *stored) bool {
	if im := h.r.Header.Get("If-Match"); im != "" && im != "*" && im != h.s.etagOf(st) {
		writeError(h.w, http.StatusPreconditionFailed, "PreconditionFailed", "The If-Match etag does not match the resource's etag.")
		return false
	}
	if h.r.Header.Get("If-None-Match") == "*" {
		writeError(h.w, http.StatusPreconditionFailed, "PreconditionFailed", "The resource exists and If-None-Match is '*'.")
		return false
	}
	return true
}

func (h *request) writeResource(status int, st *stored) {
	writeJSON(h.w, status, h.s.renderView(st, h.r.Method != http.MethodGet))
}

func (h *request) get() {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	// Reading a resource shows its operation where time has brought it; it is no poll, so a
	// client that only reads (a resync) never moves an operation on.
	st := s.settled(h.p.id)
	if st == nil {
		if !h.checkParents() {
			return
		}
		h.notFound()
		return
	}
	h.writeResource(http.StatusOK, st)
}

func (h *request) head() {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store.get(h.p.id) == nil {
		h.w.WriteHeader(http.StatusNotFound)
		return
	}
	h.w.WriteHeader(http.StatusNoContent)
}

func (h *request) delete() {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.settled(h.p.id)
	if st == nil {
		h.w.WriteHeader(http.StatusNoContent)
		return
	}
	if st.deleting() {
		// A repeated DELETE joins the running one, as ARM answers it.
		s.operationHeaders(h.w, st.pending)
		h.w.WriteHeader(http.StatusAccepted)
		return
	}
	if !h.ifMatch(st) {
		return
	}
	if h.lro(http.MethodDelete) {
		st.provisioningState = "Deleting"
		st.pending = s.startOperation(h.p, http.MethodDelete, h.apiVersion, h.fault)
		h.answerOperation(http.StatusAccepted, st, st.pending, false)
		return
	}
	s.removeLocked(h.p.id)
	h.w.WriteHeader(http.StatusOK)
}

func (h *request) patch() {
	m, bad := decodeBody(h.body)
	if bad != nil {
		writeErrorBody(h.w, http.StatusBadRequest, *bad)
		return
	}
	s := h.s
	s.mu.Lock()
	st := s.store.get(h.p.id)
	if st == nil {
		defer s.mu.Unlock()
		h.notFound()
		return
	}
	merged := deepCopy(st.body).(map[string]any)
	s.mu.Unlock()
	mergePatch(merged, m)
	if bad := h.prepare(merged); bad != nil {
		writeErrorBody(h.w, http.StatusBadRequest, *bad)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st = s.store.get(h.p.id); st == nil {
		h.notFound()
		return
	}
	if !h.writable() || !h.ifMatch(st) {
		return
	}
	st.apiVersion, st.body, st.modified, st.etag = h.apiVersion, merged, time.Now(), newEtag()
	s.syncEmbedded(st, h.ops, merged, false, h.who.clientID, st.modified)
	if h.lro(http.MethodPatch) {
		st.provisioningState = "Updating"
		st.pending = s.startOperation(h.p, http.MethodPatch, h.apiVersion, h.fault)
		s.operationHeaders(h.w, st.pending)
		h.writeResource(http.StatusOK, st)
		return
	}
	st.provisioningState = "Succeeded"
	h.writeResource(http.StatusOK, st)
}

// list answers GET on a collection the swagger declares: the type in a scope, or (for types in
// resource groups) across a subscription.
func (h *request) list() {
	s, p := h.s, h.p
	parent := p.parentID()
	deep := false
	noList := func() {
		writeError(h.w, http.StatusNotFound, "NoListOperation", fmt.Sprintf("The swagger of %s@%s declares no list operation at '%s'.", h.t.ARMType, h.apiVersion, h.r.URL.Path))
	}
	switch {
	case len(p.types) == 1 && p.resourceGroup == "" && h.tv.res.Scope == astmodel.ScopeResourceGroup:
		if !h.ops.listableInSubscription {
			noList()
			return
		}
		deep = true
	case p.isResourceGroup() || h.ops.listable:
	default:
		noList()
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !h.checkParents() {
		return
	}
	value := builtInRoleItems(h.t.ARMType, parent)
	if value == nil {
		value = []any{}
	}
	for _, st := range s.store.list(parent, h.t.ARMType, deep) {
		value = append(value, s.renderLocked(st))
	}
	s.writeList(h.w, h.r, value)
}

// renderLocked is a resource as GET returns it: the stored body, with the read-only fields
// ARM fills and the schema's defaults. The caller holds s.mu.
func (s *Server) renderLocked(st *stored) map[string]any { return s.renderView(st, false) }

// renderView is renderLocked for a read, or (write) for the answer to the write itself.
func (s *Server) renderView(st *stored, write bool) map[string]any {
	out := deepCopy(st.body).(map[string]any)
	p := parsePath(st.id, "GET")
	out["id"] = st.id
	out["name"] = p.names[len(p.names)-1]
	out["type"] = st.armType
	var ops *typeOps
	if t := s.cat.lookup(st.armType); t != nil {
		if tv := t.versions[st.apiVersion]; tv != nil {
			ops, _ = tv.at(p.scope).operations()
		}
	}
	if ops == nil || ops.hasEtag {
		out["etag"] = s.etagOf(st)
	}
	if ops == nil || ops.hasProvisioningState || p.isResourceGroup() {
		props, ok := out["properties"].(map[string]any)
		if !ok {
			props = map[string]any{}
			out["properties"] = props
		}
		props["provisioningState"] = st.provisioningState
	}
	by := st.createdBy
	byType := "Application"
	if by == "" {
		by, byType = "armfake", "User"
	}
	out["systemData"] = map[string]any{
		"createdBy": by, "createdByType": byType, "createdAt": st.created.UTC().Format(time.RFC3339Nano),
		"lastModifiedBy": by, "lastModifiedByType": byType, "lastModifiedAt": st.modified.UTC().Format(time.RFC3339Nano),
	}
	if ops != nil {
		s.renderEmbedded(st, ops, out)
		applyDefaults(out, ops.response, 0)
		s.fillReadOnly(out, st.id, p.names[len(p.names)-1], ops.response, ops.body)
		s.fillReportedUnmarked(out, st.armType, st.id, p.names[len(p.names)-1], ops.response)
		stripWriteOnly(out, ops.response, 0)
	}
	if s.opts.Realistic {
		realisticView(out, st, write)
	}
	return out
}

// deepCopy copies a decoded JSON value.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	default:
		return v
	}
}

// mergePatch applies a JSON merge patch (RFC 7386), as ARM's PATCH does.
func mergePatch(dst, patch map[string]any) {
	for k, v := range patch {
		if v == nil {
			delete(dst, k)
			continue
		}
		if pm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				mergePatch(dm, pm)
				continue
			}
		}
		dst[k] = deepCopy(v)
	}
}

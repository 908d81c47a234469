package armfake

import (
	"net/http"
	"net/url"
	"time"
)

// lroBody is what the first answer of a long-running operation holds.
type lroBody int

const (
	lroResource lroBody = iota // the resource as it is now (provisioningState Creating, ...)
	lroEmpty                   // nothing
	lroStatus                  // the operation's status ({"status":"Enqueued"})
)

// lroStyle is how a service answers a long-running request: which status, which of the two
// polling headers, what Retry-After advises, what body. Services differ, and clients (azcore's
// pollers, resume tokens) must cope with each.
type lroStyle struct {
	// scope is a provider namespace, or an ARM type (which wins over its namespace's row).
	scope  string
	method string
	// created and updated are the statuses of a PUT that creates and one that updates (0:
	// armfake's default); a DELETE answers created.
	created, updated int
	asyncOperation   bool // Azure-AsyncOperation: the operation status URL
	location         bool // Location: the operation result URL
	// retryAfter is the advice in Retry-After (0: none), unless Options.RetryAfter is set.
	retryAfter time.Duration
	body       lroBody
	source     recording
}

var lroStyles = []lroStyle{
	{scope: "Microsoft.Network", method: http.MethodPut, created: 201, updated: 200, asyncOperation: true, retryAfter: 3 * time.Second, source: recVirtualNetwork},
	{scope: "Microsoft.Storage/storageAccounts", method: http.MethodPut, created: 202, location: true, retryAfter: 17 * time.Second, body: lroEmpty, source: recStorageAccount},
	{scope: "Microsoft.DocumentDB/databaseAccounts", method: http.MethodPut, created: 200, updated: 200, asyncOperation: true, location: true, source: recCosmosSQL},
	{scope: "Microsoft.DocumentDB", method: http.MethodPut, created: 202, updated: 202, asyncOperation: true, location: true, body: lroStatus, source: recCosmosSQL},
	{scope: "Microsoft.DBforPostgreSQL", method: http.MethodDelete, created: 202, asyncOperation: true, location: true, retryAfter: 15 * time.Second, body: lroEmpty, source: recPostgreSQLFlexible},
	{scope: "Microsoft.Resources", method: http.MethodDelete, created: 202, location: true, retryAfter: 15 * time.Second, body: lroEmpty, source: recPostgreSQLFlexible},
}

// lroStyleFor is the style of the service of an ARM type for a method, nil for armfake's own
// (201/200/202 with both headers and Options.RetryAfter).
func (s *Server) lroStyleFor(armType, method string) *lroStyle {
	if !s.opts.Realistic {
		return nil
	}
	var rows []lroStyle
	for _, r := range lroStyles {
		if r.method == method {
			rows = append(rows, r)
		}
	}
	return lookupByScope(rows, armType, func(r lroStyle) string { return r.scope })
}

// answerOperation answers a write that started op on st (created: a PUT that made it) with
// status unless the service's style says otherwise.
func (h *request) answerOperation(status int, st *stored, op *operation, created bool) {
	style := h.s.lroStyleFor(h.t.ARMType, h.r.Method)
	if style == nil {
		h.s.operationHeaders(h.w, op)
		if h.r.Method == http.MethodDelete {
			h.w.WriteHeader(status)
			return
		}
		h.writeResource(status, st)
		return
	}
	if c := map[bool]int{true: style.created, false: style.updated}[created || h.r.Method == http.MethodDelete]; c != 0 {
		status = c
	}
	q := "?api-version=" + url.QueryEscape(op.apiVersion)
	if style.asyncOperation {
		h.w.Header().Set("Azure-AsyncOperation", h.s.URL()+op.statusPath+q)
	}
	if style.location {
		h.w.Header().Set("Location", h.s.URL()+op.resultPath+q)
	}
	switch {
	case h.s.opts.retryAfterSet:
		retryAfterHeaders(h.w.Header(), h.s.opts.RetryAfter)
	case style.retryAfter > 0:
		retryAfterHeaders(h.w.Header(), style.retryAfter)
	}
	switch {
	case style.body == lroStatus:
		writeJSON(h.w, status, map[string]any{"status": "Enqueued"})
	case style.body == lroEmpty || h.r.Method == http.MethodDelete:
		h.w.WriteHeader(status)
	default:
		h.writeResource(status, st)
	}
}

package armfake

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// operation is a long-running operation as ARM exposes it: an operation status resource
// (Azure-AsyncOperation) and an operation result (Location), both polled by the client.
type operation struct {
	id         string
	method     string // PUT, PATCH, DELETE or POST
	resourceID string
	armType    string
	apiVersion string
	status     string // InProgress, Succeeded, Failed
	pollsLeft  int
	notBefore  time.Time
	failCode   string
	failMsg    string
	start, end time.Time
	// result is what the operation result answers on success for a POST action.
	result any
	// statusPath and resultPath are the URL paths of the two resources.
	statusPath, resultPath string
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	h := hex.EncodeToString(b)
	return uuidFromHex(h)
}

func newEtag() string { return `W/"` + newID() + `"` }

// startOperation creates an operation on a resource; the caller holds s.mu.
func (s *Server) startOperation(p *armPath, method, apiVersion string, f *Fault) *operation {
	op := &operation{
		id: newID(), method: method, resourceID: p.id, armType: p.armType(), apiVersion: apiVersion,
		status: "InProgress", pollsLeft: s.opts.LROPolls, start: time.Now(),
		notBefore: time.Now().Add(s.opts.LRODuration),
	}
	if f != nil && f.Kind == FaultLROFailed {
		op.failCode = orDefault(f.Code, "InternalServerError")
		op.failMsg = orDefault(f.Message, "The operation failed (armfake injected fault).")
	}
	base := ""
	if p.subscription != "" {
		base = "/subscriptions/" + p.subscription
	}
	base += "/providers/" + p.namespace + "/locations/" + s.locationOf(p.id) + "/"
	op.statusPath = base + "operationStatuses/" + op.id
	op.resultPath = base + "operationResults/" + op.id
	s.operations[strings.ToLower(op.id)] = op
	return op
}

// locationOf is the location of a resource, for operation URLs ("global" when it has none).
func (s *Server) locationOf(id string) string {
	if st := s.store.get(id); st != nil {
		if l, ok := st.body["location"].(string); ok && l != "" {
			return strings.ToLower(strings.ReplaceAll(l, " ", ""))
		}
	}
	return "global"
}

// operationHeaders sets what ARM returns with a long-running answer.
func (s *Server) operationHeaders(w http.ResponseWriter, op *operation) {
	q := "?api-version=" + url.QueryEscape(op.apiVersion)
	w.Header().Set("Azure-AsyncOperation", s.URL()+op.statusPath+q)
	w.Header().Set("Location", s.URL()+op.resultPath+q)
	retryAfterHeaders(w.Header(), s.opts.RetryAfter)
}

// poll counts one poll of an operation and finishes it when it has been polled enough and
// long enough; the caller holds s.mu.
func (s *Server) poll(op *operation) {
	if op.status != "InProgress" {
		return
	}
	if op.pollsLeft > 0 {
		op.pollsLeft--
		return
	}
	if time.Now().Before(op.notBefore) {
		return
	}
	s.finish(op)
}

// finish moves the resource to the operation's outcome.
func (s *Server) finish(op *operation) {
	op.end = time.Now()
	st := s.store.get(op.resourceID)
	if op.failCode != "" {
		op.status = "Failed"
		if st != nil && st.pending == op {
			st.pending = nil
			if op.method == http.MethodDelete {
				st.provisioningState = "Succeeded"
			} else {
				st.provisioningState = "Failed"
			}
		}
		return
	}
	op.status = "Succeeded"
	if st == nil || st.pending != op {
		return // deleted out of band, or superseded by a later request
	}
	st.pending = nil
	switch op.method {
	case http.MethodDelete:
		s.store.remove(op.resourceID)
	case http.MethodPost:
		st.provisioningState = "Succeeded"
	default:
		st.provisioningState = "Succeeded"
		st.modified = time.Now()
	}
}

// serveOperation answers a poll of an operation status (200 with its status) or an operation
// result (202 while in progress, then the outcome).
func (s *Server) serveOperation(w http.ResponseWriter, r *http.Request, p *armPath, who principal) bool {
	s.mu.Lock()
	op := s.operations[strings.ToLower(p.opID)]
	s.mu.Unlock()
	if op == nil {
		return false
	}
	if !s.authorize(w, who, r.Method, op.armType, op.resourceID) {
		return true
	}
	if r.Method != http.MethodGet {
		writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "Operation resources answer GET only.")
		return true
	}
	s.mu.Lock()
	s.poll(op)
	status, failCode, failMsg := op.status, op.failCode, op.failMsg
	body := map[string]any{
		"id": op.statusPath, "name": op.id, "status": status,
		"startTime": op.start.UTC().Format(time.RFC3339Nano),
	}
	if !op.end.IsZero() {
		body["endTime"] = op.end.UTC().Format(time.RFC3339Nano)
	}
	var rendered map[string]any
	if status == "Succeeded" && op.method != http.MethodDelete {
		if op.method == http.MethodPost {
			if op.result != nil {
				rendered, _ = op.result.(map[string]any)
			}
		} else if st := s.store.get(op.resourceID); st != nil {
			rendered = s.renderLocked(st)
		}
	}
	s.mu.Unlock()
	if status == "Failed" {
		body["error"] = armError{Code: failCode, Message: failMsg}
	}
	if !p.opResult {
		if status == "InProgress" {
			retryAfterHeaders(w.Header(), s.opts.RetryAfter)
		}
		writeJSON(w, http.StatusOK, body)
		return true
	}
	switch status {
	case "InProgress":
		w.Header().Set("Location", s.URL()+op.resultPath+"?api-version="+url.QueryEscape(op.apiVersion))
		retryAfterHeaders(w.Header(), s.opts.RetryAfter)
		w.WriteHeader(http.StatusAccepted)
	case "Failed":
		writeErrorBody(w, http.StatusBadRequest, armError{Code: failCode, Message: failMsg})
	default:
		if rendered == nil {
			w.WriteHeader(http.StatusNoContent)
			return true
		}
		writeJSON(w, http.StatusOK, rendered)
	}
	return true
}

func (op *operation) String() string {
	return fmt.Sprintf("%s %s %s", op.method, op.resourceID, op.status)
}

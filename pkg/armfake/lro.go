package armfake

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/genruntime"
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
	// forgotten: ARM no longer knows the operation (see ExpireOperations).
	forgotten bool
	// succeeded, when set, is what the operation does when it succeeds besides settling its
	// resource: for an operation on something the store does not hold (a deleted vault's purge).
	succeeded func()
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
			return genruntime.LocationName(l)
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

// advance brings an operation up to date; the caller holds s.mu. A poll (of its status or
// result URL) counts one: the operation finishes once it has been polled LROPolls times and has
// run LRODuration, or, whatever the polls, once it has run LROFinishAfter, as Azure's run on
// whether anyone looks or not. Reading the resource is no poll: it sees the operation where
// time has brought it. An operation that expires while running finishes (Azure's went on; the
// fake only stops knowing it).
func (s *Server) advance(op *operation, poll bool) {
	if op.status != "InProgress" {
		return
	}
	now := time.Now()
	if s.expired(op, now) || (s.opts.LROFinishAfter > 0 && now.Sub(op.start) >= s.opts.LROFinishAfter) {
		s.finish(op)
		return
	}
	if poll && op.pollsLeft > 0 {
		op.pollsLeft--
		return
	}
	if op.pollsLeft == 0 && !now.Before(op.notBefore) {
		s.finish(op)
	}
}

// expired says ARM has forgotten the operation: its URLs answer 404 (OperationExpiry, or
// ExpireOperations).
func (s *Server) expired(op *operation, now time.Time) bool {
	return op.forgotten || (s.opts.OperationExpiry > 0 && now.Sub(op.start) >= s.opts.OperationExpiry)
}

// ExpireOperations makes ARM forget every operation started so far, as after an outage or
// when the resume tokens a client kept come from a backup: their status and result URLs answer
// 404 from now on, and those still running finish.
func (s *Server) ExpireOperations() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, op := range s.operations {
		op.forgotten = true
		s.advance(op, false)
	}
}

// settled is the resource stored at id with its operation brought up to date (see advance);
// nil when there is none, or the operation deleted it. The caller holds s.mu.
func (s *Server) settled(id string) *stored {
	st := s.store.get(id)
	if st != nil && st.pending != nil {
		s.advance(st.pending, false)
		st = s.store.get(id)
	}
	return st
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
	if op.succeeded != nil {
		op.succeeded()
	}
	if st == nil || st.pending != op {
		return // deleted out of band, or superseded by a later request
	}
	st.pending = nil
	switch op.method {
	case http.MethodDelete:
		s.removeLocked(op.resourceID)
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
	if op != nil && s.expired(op, time.Now()) {
		s.advance(op, false)
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, "OperationNotFound", fmt.Sprintf("The operation '%s' could not be found: it has expired.", op.id))
		return true
	}
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
	s.advance(op, true)
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

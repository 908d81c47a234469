package armfake

import (
	"sync"
	"time"
)

// Request is one request armfake received, as tests and the admin endpoint read it.
type Request struct {
	Time       time.Time `json:"time"`
	Method     string    `json:"method"`
	Path       string    `json:"path"`
	APIVersion string    `json:"apiVersion,omitempty"`
	Body       string    `json:"body,omitempty"`
	Status     int       `json:"status"` // 0 when the connection was reset
	ClientID   string    `json:"clientId,omitempty"`
	// Fault names the fault injected into the request, if any.
	Fault string `json:"fault,omitempty"`
}

// maxRecordedBody keeps the recording small when clients send large bodies.
const maxRecordedBody = 64 << 10

type recorder struct {
	mu   sync.Mutex
	max  int
	reqs []Request
}

func (r *recorder) add(req Request) {
	if len(req.Body) > maxRecordedBody {
		req.Body = req.Body[:maxRecordedBody]
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) >= r.max {
		n := copy(r.reqs, r.reqs[len(r.reqs)/10+1:])
		r.reqs = r.reqs[:n]
	}
	r.reqs = append(r.reqs, req)
}

func (r *recorder) list() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Request(nil), r.reqs...)
}

func (r *recorder) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = nil
}

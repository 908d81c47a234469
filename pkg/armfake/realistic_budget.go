package armfake

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// RequestBudget is ARM's throttling of a subscription: so many reads (GET, HEAD) and writes
// (PUT, PATCH, DELETE, POST) per window, each answered with what remains in
// x-ms-ratelimit-remaining-subscription-reads / -writes, and 429 beyond. Zero Reads or Writes
// is no limit on them; the zero value throttles nothing.
type RequestBudget struct {
	Reads  int
	Writes int
	// Window is how long a budget lasts before it is whole again (default an hour, as ARM's).
	Window time.Duration
}

func (b RequestBudget) enabled() bool { return b.Reads > 0 || b.Writes > 0 }

func (b RequestBudget) check() error {
	if b.Reads < 0 || b.Writes < 0 || b.Window < 0 {
		return fmt.Errorf("armfake: RequestBudget %+v: reads, writes and window cannot be negative", b)
	}
	return nil
}

// budgetSet counts each subscription's requests in its current window.
type budgetSet struct {
	mu      sync.Mutex
	windows map[string]*budgetWindow
}

type budgetWindow struct {
	start         time.Time
	reads, writes int
}

// throttled counts an ARM request against its subscription's budget. Past the budget it answers
// 429 SubscriptionRequestsThrottled with Retry-After (the time left in the window) and says so;
// within it, it sets the remaining-requests header and lets the request through. Requests
// outside a subscription (tenant-level, the token endpoint, admin) are not counted.
func (s *Server) throttled(w http.ResponseWriter, r *http.Request, who principal) bool {
	b := s.opts.RequestBudget
	if !b.enabled() {
		return false
	}
	sub := parsePath(r.URL.Path, r.Method).subscription
	if sub == "" {
		return false
	}
	window := b.Window
	if window == 0 {
		window = time.Hour
	}
	read := r.Method == http.MethodGet || r.Method == http.MethodHead
	s.budget.mu.Lock()
	if s.budget.windows == nil {
		s.budget.windows = map[string]*budgetWindow{}
	}
	now := time.Now()
	bw := s.budget.windows[strings.ToLower(sub)]
	if bw == nil || now.Sub(bw.start) >= window {
		bw = &budgetWindow{start: now}
		s.budget.windows[strings.ToLower(sub)] = bw
	}
	kind, used, limit := "write", &bw.writes, b.Writes
	if read {
		kind, used, limit = "read", &bw.reads, b.Reads
	}
	left := bw.start.Add(window).Sub(now)
	over := limit > 0 && *used >= limit
	if !over {
		*used++
	}
	remaining := limit - *used
	s.budget.mu.Unlock()
	if limit > 0 {
		w.Header().Set("x-ms-ratelimit-remaining-subscription-"+kind+"s", strconv.Itoa(max(remaining, 0)))
	}
	if !over {
		return false
	}
	retryAfterHeaders(w.Header(), left)
	actor := who.clientID
	if actor == "" {
		actor = "anonymous"
	}
	writeError(w, http.StatusTooManyRequests, "SubscriptionRequestsThrottled", fmt.Sprintf(
		"The %d %s requests allowed for subscription '%s' (client '%s') per %s are used up. Try again after %d seconds.",
		limit, kind, sub, actor, window, int((left+time.Second-1)/time.Second)))
	return true
}

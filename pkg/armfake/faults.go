package armfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"sigs.k8s.io/yaml"
)

// FaultKind is what a fault does to a request.
type FaultKind string

const (
	// FaultThrottle answers 429 TooManyRequests with Retry-After.
	FaultThrottle FaultKind = "throttle"
	// FaultError answers Status (500 by default, or 503) with Code.
	FaultError FaultKind = "error"
	// FaultConflict answers 409 Conflict (Code defaults to Conflict).
	FaultConflict FaultKind = "conflict"
	// FaultReset closes the connection without an answer.
	FaultReset FaultKind = "reset"
	// FaultLatency delays the request by Latency, then serves it.
	FaultLatency FaultKind = "latency"
	// FaultLROFailed makes the request long-running, ending Failed with Code and Message.
	FaultLROFailed FaultKind = "lroFailed"
	// FaultDeleted deletes the resource the request names, out of band, before serving it.
	FaultDeleted FaultKind = "deleted"
	// FaultDrift sets Property (a dotted path in the resource body) to Value before serving.
	FaultDrift FaultKind = "drift"
)

// Fault injects a failure into the requests it matches. With neither Times nor Probability it
// applies to every matching request; After skips the first matching requests.
type Fault struct {
	Kind FaultKind `json:"kind"`
	// Method matches the HTTP method ("" or "*": any).
	Method string `json:"method,omitempty"`
	// Path is a case-insensitive pattern of the URL path: * matches within a segment, ** across
	// segments ("" matches every path).
	Path string `json:"path,omitempty"`
	// BodyContains, when set, matches only requests whose body contains it: a fault meant for
	// the write that carries a given value (a service quoting what it was sent) leaves other
	// writes to the same path alone.
	BodyContains string   `json:"bodyContains,omitempty"`
	After        int      `json:"after,omitempty"`
	Times        int      `json:"times,omitempty"`
	Probability  float64  `json:"probability,omitempty"`
	Status       int      `json:"status,omitempty"`
	Code         string   `json:"code,omitempty"`
	Message      string   `json:"message,omitempty"`
	RetryAfter   Duration `json:"retryAfter,omitempty"`
	Latency      Duration `json:"latency,omitempty"`
	Property     string   `json:"property,omitempty"`
	Value        any      `json:"value,omitempty"`
}

// Duration reads "1.5s" or a number of seconds from JSON and YAML.
type Duration time.Duration

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("invalid duration %q: %w", s, err)
		}
		*d = Duration(v)
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("invalid duration %s: use a string such as \"1s\" or a number of seconds", b)
	}
	*d = Duration(f * float64(time.Second))
	return nil
}

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// LoadFaults reads faults from a YAML or JSON file: a list, or an object with a faults list.
func LoadFaults(file string) ([]Fault, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var list []Fault
	if err := json.Unmarshal(js, &list); err != nil {
		var wrapped struct {
			Faults []Fault `json:"faults"`
		}
		if err2 := json.Unmarshal(js, &wrapped); err2 != nil {
			return nil, fmt.Errorf("%s: want a list of faults or {faults: [...]}: %w", file, err)
		}
		list = wrapped.Faults
	}
	for i, f := range list {
		if err := f.check(); err != nil {
			return nil, fmt.Errorf("%s: fault %d: %w", file, i, err)
		}
	}
	return list, nil
}

func (f Fault) check() error {
	switch f.Kind {
	case FaultThrottle, FaultError, FaultConflict, FaultReset, FaultLatency, FaultLROFailed, FaultDeleted:
	case FaultDrift:
		if f.Property == "" {
			return fmt.Errorf("a drift fault needs property")
		}
	default:
		return fmt.Errorf("unknown fault kind %q (want throttle, error, conflict, reset, latency, lroFailed, deleted or drift)", f.Kind)
	}
	if f.Probability < 0 || f.Probability > 1 {
		return fmt.Errorf("probability %v is outside [0, 1]", f.Probability)
	}
	if _, err := compilePattern(f.Path); err != nil {
		return err
	}
	return nil
}

func compilePattern(p string) (*regexp.Regexp, error) {
	if p == "" {
		return regexp.MustCompile(`.*`), nil
	}
	var b strings.Builder
	b.WriteString("(?i)^")
	for i := 0; i < len(p); i++ {
		switch {
		case strings.HasPrefix(p[i:], "**"):
			b.WriteString(".*")
			i++
		case p[i] == '*':
			b.WriteString("[^/]*")
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("path pattern %q: %w", p, err)
	}
	return re, nil
}

type activeFault struct {
	Fault
	re      *regexp.Regexp
	matched int
	applied int
}

// faultSet holds the faults and picks the one a request gets (the first that fires).
type faultSet struct {
	mu     sync.Mutex
	faults []*activeFault
	rng    *rand.Rand
}

func newFaultSet(seed int64) *faultSet {
	return &faultSet{rng: rand.New(rand.NewPCG(uint64(seed), 0xa2f))}
}

func (fs *faultSet) add(f Fault) error {
	if err := f.check(); err != nil {
		return err
	}
	re, _ := compilePattern(f.Path)
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.faults = append(fs.faults, &activeFault{Fault: f, re: re})
	return nil
}

func (fs *faultSet) clear() {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.faults = nil
}

func (fs *faultSet) pick(method, path string, body []byte) *Fault {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for _, f := range fs.faults {
		if f.Method != "" && f.Method != "*" && !strings.EqualFold(f.Method, method) {
			continue
		}
		if !f.re.MatchString(path) {
			continue
		}
		if f.BodyContains != "" && !bytes.Contains(body, []byte(f.BodyContains)) {
			continue
		}
		f.matched++
		if f.matched <= f.After {
			continue
		}
		if f.Times > 0 && f.applied >= f.Times {
			continue
		}
		if f.Probability > 0 && fs.rng.Float64() >= f.Probability {
			continue
		}
		f.applied++
		cp := f.Fault
		return &cp
	}
	return nil
}

// retryAfterHeaders sets Retry-After (whole seconds, at least 1 as ARM sends) and, for waits
// below a second, retry-after-ms, which the Azure SDK prefers.
func retryAfterHeaders(h http.Header, d time.Duration) {
	secs := int((d + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	h.Set("Retry-After", strconv.Itoa(secs))
	if d < time.Second {
		ms := d.Milliseconds()
		if ms < 1 {
			ms = 1
		}
		h.Set("retry-after-ms", strconv.FormatInt(ms, 10))
	}
}

// applyFault runs the part of a fault that happens before the request is served. handled is
// true when the fault answered (or dropped) the request itself.
func (s *Server) applyFault(w http.ResponseWriter, r *http.Request, f *Fault) (handled bool) {
	switch f.Kind {
	case FaultLatency:
		select {
		case <-time.After(time.Duration(f.Latency)):
		case <-r.Context().Done():
		}
		return false
	case FaultThrottle:
		ra := time.Duration(f.RetryAfter)
		if ra <= 0 {
			ra = time.Second
		}
		retryAfterHeaders(w.Header(), ra)
		writeError(w, http.StatusTooManyRequests, orDefault(f.Code, "TooManyRequests"), orDefault(f.Message,
			"The request is being throttled as the limit has been reached for operation type. Please retry after the time in the Retry-After header."))
		return true
	case FaultError:
		status := f.Status
		if status == 0 {
			status = http.StatusInternalServerError
		}
		if status == http.StatusServiceUnavailable && f.RetryAfter > 0 {
			retryAfterHeaders(w.Header(), time.Duration(f.RetryAfter))
		}
		code := orDefault(f.Code, map[bool]string{true: "ServiceUnavailable", false: "InternalServerError"}[status == 503])
		writeError(w, status, code, orDefault(f.Message, "Encountered internal server error. Diagnostic information: armfake injected fault."))
		return true
	case FaultConflict:
		writeError(w, http.StatusConflict, orDefault(f.Code, "Conflict"), orDefault(f.Message,
			"The request failed due to conflict with a concurrent request. Retry the request after some time."))
		return true
	case FaultReset:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return true
			}
		}
		// Without a hijackable connection (HTTP/2), abort the stream instead.
		panic(http.ErrAbortHandler)
	case FaultDeleted:
		p := parsePath(r.URL.Path, r.Method)
		if p.id != "" {
			s.mu.Lock()
			s.removeLocked(p.id)
			s.mu.Unlock()
		}
		return false
	case FaultDrift:
		p := parsePath(r.URL.Path, r.Method)
		s.mu.Lock()
		if st := s.store.get(p.id); st != nil {
			setPath(st.body, strings.Split(f.Property, "."), f.Value)
			st.etag = newEtag()
		}
		s.mu.Unlock()
		return false
	}
	return false
}

// setPath sets a dotted path in a JSON object, creating objects on the way.
func setPath(m map[string]any, path []string, v any) {
	for i, k := range path {
		if i == len(path)-1 {
			m[k] = v
			return
		}
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

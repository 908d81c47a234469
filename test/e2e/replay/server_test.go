package replay_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// azureHost is where the recordings were made; the answers' URLs (long-running operations) are
// rewritten to the replay server.
const azureHost = "https://management.azure.com"

// server answers ARM requests from one fixture's conversation, over TLS on loopback as Azure
// would (the SDK sends bearer tokens over HTTPS only), and the few Microsoft Entra endpoints the
// client-secret credential calls.
//
// A request is answered by the first interaction of the same method, path and api-version not
// answered yet; once all are, by the last of them again (a resync reads again what it read
// before). Interactions recorded after a DELETE of their path are kept for after the operator
// has sent that DELETE, so a GET answers 200 before and 404 after. A GET of a resource the
// conversation creates, before the operator's first PUT of it, is answered 404 as ARM answers
// for a resource that does not exist yet (the operator reads some resources before it writes
// them, where the recording's client did not); so is a GET after a DELETE the recording did
// not read back (its test checked the deletion otherwise): ARM forgets a deleted resource.
type server struct {
	f      *fixture
	http   *httptest.Server
	tenant string

	mu       sync.Mutex
	answered map[int]bool
	deleted  map[string]bool
	put      map[string]bool
	log      []served
}

// served is a request the server received and which interaction answered it (-1: none,
// absent: the 404 of a resource not created yet, or deleted).
type served struct {
	Method, Path, APIVersion, Body string
	Interaction                    int
}

// What served.Interaction holds for a request no interaction answered.
const (
	unmatched = -1
	absent    = -2
)

func startServer(f *fixture) *server {
	s := &server{f: f, tenant: "00000000-0000-0000-0000-0000000000aa", answered: map[int]bool{}, deleted: map[string]bool{}, put: map[string]bool{}}
	s.http = httptest.NewTLSServer(s)
	return s
}

func (s *server) URL() string { return s.http.URL }

func (s *server) Close() { s.http.Close() }

// requests returns what the server has received so far.
func (s *server) requests() []served {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]served(nil), s.log...)
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if s.serveIdentity(w, r) {
		return
	}
	path, version := strings.ToLower(r.URL.Path), r.URL.Query().Get("api-version")
	s.mu.Lock()
	if r.Method == http.MethodGet && (s.f.createdAt(path) && !s.put[path] || s.deleted[path] && !s.f.readAfterDelete(path)) {
		s.log = append(s.log, served{Method: r.Method, Path: r.URL.Path, APIVersion: version, Interaction: absent})
		s.mu.Unlock()
		writeJSON(w, http.StatusNotFound, map[string]any{"error": map[string]any{
			"code":    "ResourceNotFound",
			"message": fmt.Sprintf("The Resource %s was not found.", r.URL.Path),
		}})
		return
	}
	i := s.pick(r.Method, path, version)
	s.log = append(s.log, served{Method: r.Method, Path: r.URL.Path, APIVersion: version, Body: string(body), Interaction: i})
	if i >= 0 {
		s.answered[i] = true
		switch r.Method {
		case http.MethodDelete:
			s.deleted[path] = true
		case http.MethodPut:
			s.put[path] = true
		}
	}
	s.mu.Unlock()
	if i < 0 {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
			"code":    "ReplayUnexpectedRequest",
			"message": fmt.Sprintf("%s %s?api-version=%s is not in %s", r.Method, r.URL.Path, version, s.f.file),
		}})
		return
	}
	in := s.f.Conversation[i]
	if in.Location != "" {
		w.Header().Set("Location", s.local(in.Location))
	}
	if in.AsyncOperation != "" {
		w.Header().Set("Azure-AsyncOperation", s.local(in.AsyncOperation))
	}
	if in.Response != "" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	}
	w.WriteHeader(in.Status)
	_, _ = io.WriteString(w, in.Response)
}

// pick is the interaction answering a request (see server), or -1.
func (s *server) pick(method, path, version string) int {
	last := unmatched
	for i, in := range s.f.Conversation {
		if in.Method != method || in.path != path || (in.apiVersion != "" && in.apiVersion != version) {
			continue
		}
		if s.f.afterDelete(i) != s.deleted[path] {
			continue
		}
		if !s.answered[i] {
			return i
		}
		last = i
	}
	return last
}

// local points a recorded URL at the replay server.
func (s *server) local(u string) string {
	if rest, ok := strings.CutPrefix(u, azureHost); ok {
		return s.http.URL + rest
	}
	return u
}

// serveIdentity answers the Microsoft Entra endpoints MSAL calls with the authority host
// pointed here: instance discovery, the tenant's OpenID configuration and the token endpoint.
// The replay does not check tokens: what is replayed is ARM's side.
func (s *server) serveIdentity(w http.ResponseWriter, r *http.Request) bool {
	segs := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(segs) < 2 || strings.EqualFold(segs[0], "subscriptions") || strings.EqualFold(segs[0], "providers") {
		return false
	}
	tenant, rest, base := segs[0], strings.ToLower(strings.Join(segs[1:], "/")), s.http.URL
	switch rest {
	case "discovery/instance":
		host := strings.TrimPrefix(base, "https://")
		writeJSON(w, http.StatusOK, map[string]any{
			"tenant_discovery_endpoint": base + "/" + tenant + "/v2.0/.well-known/openid-configuration",
			"api-version":               "1.1",
			"metadata":                  []map[string]any{{"preferred_network": host, "preferred_cache": host, "aliases": []string{host}}},
		})
	case "v2.0/.well-known/openid-configuration", ".well-known/openid-configuration":
		writeJSON(w, http.StatusOK, map[string]any{
			"issuer":                                base + "/" + tenant + "/v2.0",
			"token_endpoint":                        base + "/" + tenant + "/oauth2/v2.0/token",
			"authorization_endpoint":                base + "/" + tenant + "/oauth2/v2.0/authorize",
			"token_endpoint_auth_methods_supported": []string{"client_secret_post"},
			"response_types_supported":              []string{"code"},
			"tenant_region_scope":                   "NA",
			"cloud_instance_name":                   "replay",
		})
	case "oauth2/v2.0/token", "oauth2/token":
		writeJSON(w, http.StatusOK, map[string]any{"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599, "access_token": "replay-token"})
	default:
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// wasAnswered says whether interaction i has answered a request.
func (s *server) wasAnswered(i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answered[i]
}

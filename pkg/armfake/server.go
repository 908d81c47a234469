// Package armfake is an Azure Resource Manager emulator built from the ARM swagger of a spec
// root: every resource type the generator's loader discovers can be created, read, updated,
// listed and deleted, with ARM's validation, long-running operations, POST actions, a Microsoft
// Entra token endpoint, scoped credentials, injected faults and a record of every request.
//
// Tests embed it as they would an httptest server:
//
//	srv, err := armfake.NewServer(armfake.Options{SpecRoot: root})
//	defer srv.Close()
//	// point the Azure SDK at srv.URL(), trust srv.CertPool(), authenticate at srv.AuthorityHost()
package armfake

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/armgen/armgen/internal/httpstatus"
)

// Server is a running emulator.
type Server struct {
	opts  Options
	cat   *catalogue
	certs *certificates

	listener net.Listener
	http     *http.Server
	url      string
	caFile   string
	tempDir  string

	tokens   *tokenIssuer
	faults   *faultSet
	recorder *recorder
	budget   budgetSet

	// mu guards the state: resources and operations.
	mu         sync.Mutex
	store      *store
	operations map[string]*operation
	// deleted holds the deleted resources kept recoverable, by lower-cased ID (see soft_delete.go).
	deleted map[string]*deletedResource

	closeOnce sync.Once
}

// NewServer loads the spec root's resource types and starts serving HTTPS. The catalogue of a
// spec root is loaded once per process and shared by every server started on it.
func NewServer(opts Options) (*Server, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{
		opts: opts, faults: newFaultSet(opts.Seed), recorder: &recorder{max: opts.MaxRecorded},
		store: newStore(), operations: map[string]*operation{}, deleted: map[string]*deletedResource{},
	}
	for _, f := range opts.Faults {
		if err := s.faults.add(f); err != nil {
			return nil, fmt.Errorf("armfake: fault: %w", err)
		}
	}
	if s.tokens, err = newTokenIssuer(); err != nil {
		return nil, err
	}
	if s.cat, err = loadCatalogue(opts.SpecRoot, opts.Groups); err != nil {
		return nil, fmt.Errorf("armfake: loading %s: %w", opts.SpecRoot, err)
	}
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("armfake: listen address %q: %w", opts.Addr, err)
	}
	if s.certs, err = newCertificates([]string{host}); err != nil {
		return nil, fmt.Errorf("armfake: certificates: %w", err)
	}
	if s.caFile, s.tempDir, err = s.certs.writeCA(opts.CADir); err != nil {
		s.cleanup()
		return nil, fmt.Errorf("armfake: %w", err)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		s.cleanup()
		return nil, fmt.Errorf("armfake: %w", err)
	}
	// HTTP/1.1 only: a connection reset fault needs a connection of its own to drop.
	tlsConf := &tls.Config{Certificates: []tls.Certificate{s.certs.server}, NextProtos: []string{"http/1.1"}, MinVersion: tls.VersionTLS12}
	s.listener = tls.NewListener(ln, tlsConf)
	s.url = "https://" + ln.Addr().String()
	s.http = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 30 * time.Second,
		ErrorLog:          log.New(io.Discard, "", 0), // clients dropping connections is routine in tests
		TLSNextProto:      map[string]func(*http.Server, *tls.Conn, http.Handler){},
	}
	go func() { _ = s.http.Serve(s.listener) }()
	return s, nil
}

// URL is the base URL of the emulator, for both ARM and the token endpoint (https://127.0.0.1:port).
func (s *Server) URL() string { return s.url }

// AuthorityHost is what AZURE_AUTHORITY_HOST should be for azidentity.
func (s *Server) AuthorityHost() string { return s.url + "/" }

// CAFile is the PEM file of the CA that signed the server's certificate (SSL_CERT_FILE).
func (s *Server) CAFile() string { return s.caFile }

// CertPool trusts the server's CA.
func (s *Server) CertPool() *x509.CertPool { return s.certs.pool }

// Client is an HTTP client that trusts the server.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: s.Transport(), Timeout: time.Minute}
}

// Transport is an HTTP transport that trusts the server, with room for many idle connections
// to it (benchmarks and operators reuse connections).
func (s *Server) Transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.TLSClientConfig = &tls.Config{RootCAs: s.certs.pool, MinVersion: tls.VersionTLS12}
	t.MaxIdleConnsPerHost = 64
	return t
}

// TenantID is the tenant armfake reports for its subscriptions.
func (s *Server) TenantID() string { return s.opts.TenantID }

// Env is the environment a client process needs to use the emulator: ARM endpoint, authority
// host and the CA file. Credentials (AZURE_CLIENT_ID, ...) are the client's own.
func (s *Server) Env() []string {
	return []string{
		"AZURE_RESOURCE_MANAGER_ENDPOINT=" + s.url + "/",
		"AZURE_RESOURCE_MANAGER_AUDIENCE=https://management.azure.com/",
		"AZURE_AUTHORITY_HOST=" + s.AuthorityHost(),
		"AZURE_TENANT_ID=" + s.opts.TenantID,
		"SSL_CERT_FILE=" + s.caFile,
	}
}

// ResourceTypes reports how many resource types and type/api-version pairs are served.
func (s *Server) ResourceTypes() (types, versions int) { return s.cat.count() }

// Warnings lists version folders of the spec root that could not be loaded (and are not served).
func (s *Server) Warnings() []string { return append([]string(nil), s.cat.warnings...) }

// LoadTime is how long loading the catalogue took (once per spec root and process).
func (s *Server) LoadTime() time.Duration { return s.cat.loadTime }

// Requests returns every request recorded so far, oldest first.
func (s *Server) Requests() []Request { return s.recorder.list() }

// ResetRequests forgets the recorded requests.
func (s *Server) ResetRequests() { s.recorder.reset() }

// AddFault injects a fault from now on.
func (s *Server) AddFault(f Fault) error { return s.faults.add(f) }

// ClearFaults removes every fault.
func (s *Server) ClearFaults() { s.faults.clear() }

// ResourceIDs lists the IDs of the resources that exist.
func (s *Server) ResourceIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.store.ids()
}

// Close stops the server and removes the CA file it wrote in a temporary folder.
func (s *Server) Close() error {
	var err error
	s.closeOnce.Do(func() {
		if s.http != nil {
			err = s.http.Close()
			if errors.Is(err, http.ErrServerClosed) {
				err = nil
			}
		}
		s.cleanup()
	})
	return err
}

func (s *Server) cleanup() {
	if s.tempDir != "" {
		_ = os.RemoveAll(s.tempDir)
	}
}

// TB is the part of testing.TB that StartTest needs (armfake does not import testing).
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// StartTest starts a server for a test and closes it when the test ends.
func StartTest(t TB, opts Options) *Server {
	t.Helper()
	s, err := NewServer(opts)
	if err != nil {
		t.Fatalf("starting armfake: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// maxBody bounds request bodies; ARM's own limit is 4 MiB.
const maxBody = 4 << 20

// ServeHTTP routes a request: admin, faults, Entra endpoints, then ARM.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, adminPrefix) {
		s.serveAdmin(w, r)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	rec := Request{Time: time.Now(), Method: r.Method, Path: r.URL.Path, APIVersion: r.URL.Query().Get("api-version"), Body: string(body)}
	sw := &httpstatus.Writer{ResponseWriter: w}
	defer func() {
		rec.Status = sw.Status
		s.recorder.add(rec)
	}()
	if err != nil {
		writeError(sw, http.StatusBadRequest, "InvalidRequestContent", "The request content could not be read: "+err.Error())
		return
	}
	if len(body) > maxBody {
		writeError(sw, http.StatusRequestEntityTooLarge, "RequestEntityTooLarge", "The request content is larger than 4 MiB.")
		return
	}
	f := s.faults.pick(r.Method, r.URL.Path, body)
	if f != nil {
		rec.Fault = string(f.Kind)
		if f.Kind == FaultReset {
			// Hijack the raw writer; the recorded status stays 0.
			s.applyFault(w, r, f)
			return
		}
		if s.applyFault(sw, r, f) {
			return
		}
	}
	if s.serveIdentity(sw, r, body) {
		return
	}
	who, ok := s.authenticate(sw, r)
	rec.ClientID = who.clientID
	if !ok || s.throttled(sw, r, who) {
		return
	}
	s.serveARM(sw, r, body, who, f)
}

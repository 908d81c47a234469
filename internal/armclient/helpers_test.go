package armclient

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
)

// fixtureRoot is the repository's hand-written spec root (Microsoft.Widgets), so most tests run
// without the corpus.
const fixtureRoot = "../../specs/testdata/specification"

const (
	sub       = "/subscriptions/00000000-0000-0000-0000-000000000001"
	rgAPI     = "2021-04-01"
	widgetAPI = "2021-01-01"
)

// corpusRoot is the azure-rest-api-specs specification folder, as armfake's own tests find it.
func corpusRoot(t testing.TB) string {
	return testspecs.Root(t)
}

// fastRetry keeps the pipeline's retries of injected faults to milliseconds.
var fastRetry = policy.RetryOptions{MaxRetries: 2, RetryDelay: 5 * time.Millisecond, MaxRetryDelay: 20 * time.Millisecond}

// corpusRootOrEmpty lets a table add corpus cases when the corpus is there, without skipping
// the fixture cases when it is not.
func corpusRootOrEmpty(t testing.TB) string { return testspecs.Optional(t) }

func startFake(t *testing.T, opts armfake.Options) *armfake.Server {
	t.Helper()
	if opts.SpecRoot == "" {
		opts.SpecRoot = fixtureRoot
	}
	if opts.RetryAfter == 0 {
		opts.RetryAfter = 5 * time.Millisecond
	}
	if opts.Clients == nil {
		opts.Clients = map[string]armfake.Client{"app": {Secret: "s3cret"}}
	}
	return armfake.StartTest(t, opts)
}

// credential is a client-secret credential against armfake's Entra endpoint, as an operator
// builds it from a Secret.
func credential(t testing.TB, srv *armfake.Server, clientID, secret string) azcore.TokenCredential {
	t.Helper()
	cred, err := azidentity.NewClientSecretCredential(srv.TenantID(), clientID, secret,
		&azidentity.ClientSecretCredentialOptions{
			ClientOptions: azcore.ClientOptions{
				Cloud:     cloud.Configuration{ActiveDirectoryAuthorityHost: srv.AuthorityHost()},
				Transport: srv.Client(),
			},
			DisableInstanceDiscovery: true,
		})
	if err != nil {
		t.Fatal(err)
	}
	return cred
}

func testOptions(t testing.TB, srv *armfake.Server) Options {
	t.Helper()
	m, err := NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	return Options{Endpoint: srv.URL(), Transport: srv.Client(), Retry: fastRetry, Metrics: m}
}

func newClient(t testing.TB, srv *armfake.Server, opts Options) *Client {
	t.Helper()
	c, err := New(credential(t, srv, "app", "s3cret"), opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pollToEnd polls as a reconciler would, one request per call, and reports how many polls
// the operation took.
func pollToEnd(t *testing.T, p *Poller) (int, error) {
	t.Helper()
	ctx := context.Background()
	for n := 1; n <= 50; n++ {
		done, wait, err := p.Poll(ctx)
		if done {
			return n, err
		}
		if err != nil {
			t.Fatalf("poll %d: %v", n, err)
		}
		if wait > time.Second {
			t.Fatalf("poll %d: asked to wait %s", n, wait)
		}
		time.Sleep(wait)
	}
	t.Fatal("the operation did not finish in 50 polls")
	return 0, nil
}

func putGroup(t *testing.T, c *Client, name string) string {
	t.Helper()
	id := sub + "/resourceGroups/" + name
	p, err := c.BeginCreateOrUpdate(context.Background(), id, rgAPI, map[string]any{"location": "westus"})
	if err != nil {
		t.Fatalf("PUT %s: %v", id, err)
	}
	if !p.Done() {
		if _, err := pollToEnd(t, p); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// recordingTransport notes the headers of each request it passes on.
type recordingTransport struct {
	next policy.Transporter
	mu   sync.Mutex
	reqs []http.Header
}

func (r *recordingTransport) Do(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req.Header.Clone())
	r.mu.Unlock()
	return r.next.Do(req)
}

func (r *recordingTransport) headers() []http.Header {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]http.Header(nil), r.reqs...)
}

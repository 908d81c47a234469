package armclient

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"

	"github.com/armgen/armgen/pkg/armfake"
)

// foreignTransport answers every request for host itself, noting the Authorization header it
// was sent, and passes the others on.
type foreignTransport struct {
	next policy.Transporter
	host string
	mu   sync.Mutex
	seen []string
}

func (f *foreignTransport) Do(req *http.Request) (*http.Response, error) {
	if !strings.EqualFold(req.URL.Host, f.host) {
		return f.next.Do(req)
	}
	f.mu.Lock()
	f.seen = append(f.seen, req.Header.Get("Authorization"))
	f.mu.Unlock()
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"status":"InProgress"}`)), Request: req}, nil
}

// TestResumeTokenToAnotherHostSendsNoToken: the resume token is kept in an annotation anyone
// who can edit the object can rewrite. One whose operation URLs name another host must not
// have the operator's bearer token sent there (azcore's bearer policy only asks for https), and
// the poll is refused as one that cannot pass, so that the operation is given up.
func TestResumeTokenToAnotherHostSendsNoToken(t *testing.T) {
	srv := startFake(t, armfake.Options{LROPolls: 3})
	opts := testOptions(t, srv)
	evil := &foreignTransport{next: srv.Client(), host: "attacker.example"}
	opts.Transport = evil
	c := newClient(t, srv, opts)
	ctx := context.Background()
	putGroup(t, c, "rg1")
	p, err := c.BeginCreateOrUpdate(ctx, sub+"/resourceGroups/rg1/providers/Microsoft.Widgets/widgets/w1", widgetAPI,
		map[string]any{"location": "westus", "properties": map[string]any{"displayName": "w"}})
	if err != nil {
		t.Fatal(err)
	}
	token, err := p.ResumeToken()
	if err != nil {
		t.Fatal(err)
	}
	host := strings.TrimPrefix(strings.TrimSuffix(srv.URL(), "/"), "https://")
	forged := strings.ReplaceAll(token, host, evil.host)
	if forged == token {
		t.Fatalf("token %s does not name %s", token, host)
	}
	for name, resume := range map[string]func(context.Context, string) (*Poller, error){
		"PUT": c.ResumeCreateOrUpdate, "DELETE": c.ResumeDelete,
	} {
		resumed, err := resume(ctx, forged)
		if err != nil {
			continue // refused before anything was sent: as good
		}
		done, _, err := resumed.Poll(ctx)
		e := Classify(err)
		if done || e == nil || e.Code != CodeForeignEndpoint || e.Retryable {
			t.Errorf("%s: poll of a token naming another host: done %v, %v; want a %s error, not retryable", name, done, err, CodeForeignEndpoint)
		}
	}
	evil.mu.Lock()
	defer evil.mu.Unlock()
	if len(evil.seen) > 0 {
		t.Errorf("%d requests reached %s, the first with Authorization %.20q...", len(evil.seen), evil.host, evil.seen[0])
	}
}

// TestSameOrigin: the endpoint's own URLs pass however the default port is written; another
// host, port or scheme does not.
func TestSameOrigin(t *testing.T) {
	base, _ := url.Parse("https://management.azure.com:443/")
	for raw, want := range map[string]bool{
		"https://management.azure.com/subscriptions/x":      true,
		"https://MANAGEMENT.azure.com:443/subscriptions/x":  true,
		"https://management.azure.com:8443/subscriptions/x": false,
		"http://management.azure.com/subscriptions/x":       false,
		"https://management.azure.com.evil/subscriptions/x": false,
		"https://evil@management.azure.com/x":               true, // userinfo is no host
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := sameOrigin(u, base); got != want {
			t.Errorf("sameOrigin(%s, %s) = %v, want %v", raw, base, got, want)
		}
	}
}

package armclient

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
)

// countingLimiter admits every request and counts them.
type countingLimiter struct{ waits atomic.Int32 }

func (l *countingLimiter) TryAccept() bool { return true }
func (l *countingLimiter) Accept()         { l.waits.Add(1) }
func (l *countingLimiter) Stop()           {}
func (l *countingLimiter) QPS() float32    { return 0 }
func (l *countingLimiter) Wait(ctx context.Context) error {
	l.waits.Add(1)
	return ctx.Err()
}

// TestPipeline: each request carries a bearer token from the credential, the User-Agent
// suffix, and waits on the shared rate limiter, retries included.
func TestPipeline(t *testing.T) {
	srv := startFake(t, armfake.Options{RequireAuth: true, Faults: []armfake.Fault{
		{Kind: armfake.FaultError, Method: "GET", Path: "**/resourceGroups/rg1", Times: 1},
	}})
	rec := &recordingTransport{next: srv.Client()}
	limiter := &countingLimiter{}
	opts := testOptions(t, srv)
	opts.Transport = rec
	opts.UserAgentSuffix = "team-a"
	opts.RateLimiter = limiter
	cl := newClient(t, srv, opts)
	id := putGroup(t, cl, "rg1")
	if err := cl.GetByID(context.Background(), id, rgAPI, nil); err != nil {
		t.Fatal(err)
	}
	hs := rec.headers()
	if len(hs) != 3 {
		t.Fatalf("%d requests, want PUT, GET (500), GET", len(hs))
	}
	for i, h := range hs {
		if !strings.HasPrefix(h.Get("Authorization"), "Bearer ") {
			t.Errorf("request %d has no bearer token", i)
		}
		if ua := h.Get("User-Agent"); !strings.HasSuffix(ua, " team-a") || !strings.Contains(ua, "armgen") {
			t.Errorf("request %d User-Agent %q", i, ua)
		}
	}
	if n := limiter.waits.Load(); n != 3 {
		t.Errorf("rate limiter waited %d times, want 3", n)
	}
	for _, r := range srv.Requests() {
		if r.APIVersion != "" && r.Fault == "" && r.ClientID != "app" {
			t.Errorf("%s %s as %q", r.Method, r.Path, r.ClientID)
		}
	}
}

// TestRateLimiterCancelled: a request waiting for the bucket ends with its context.
func TestRateLimiterCancelled(t *testing.T) {
	srv := startFake(t, armfake.Options{})
	opts := testOptions(t, srv)
	opts.RateLimiter = NewRateLimiter(0.001, 1)
	cl := newClient(t, srv, opts)
	putGroup(t, cl, "rg1") // takes the only token
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := cl.GetByID(ctx, sub+"/resourceGroups/rg1", rgAPI, nil)
	if e := Classify(err); e == nil || e.Code != CodeCanceled || !e.Retryable {
		t.Fatalf("got %v", err)
	}
}

// TestPostAction: a synchronous action answers at once; a long-running one is polled to its end.
func TestPostAction(t *testing.T) {
	t.Run("long-running (fixture)", func(t *testing.T) {
		srv := startFake(t, armfake.Options{})
		opts := testOptions(t, srv)
		cl := newClient(t, srv, opts)
		id := putGroup(t, cl, "rg1") + "/providers/Microsoft.Widgets/widgets/w1"
		if err := putWidget(id, widgetBody())(cl); err != nil {
			t.Fatal(err)
		}
		if err := cl.PostAction(context.Background(), id, "restart", widgetAPI, nil, nil); err != nil {
			t.Fatal(err)
		}
		var polls int
		for _, r := range srv.Requests() {
			if strings.Contains(r.Path, "/operation") && r.Method == "GET" {
				polls++
			}
		}
		if polls == 0 {
			t.Error("the long-running action was not polled")
		}
		err := cl.PostAction(context.Background(), sub+"/resourceGroups/rg1/providers/Microsoft.Widgets/widgets/none", "restart", widgetAPI, nil, nil)
		if !IsNotFound(err) {
			t.Errorf("action on a missing resource: %v", err)
		}
	})
	t.Run("listKeys (corpus)", func(t *testing.T) {
		root := corpusRoot(t)
		srv := startFake(t, armfake.Options{SpecRoot: root, Groups: []string{"storage"}, LROPolls: -1})
		cl := newClient(t, srv, testOptions(t, srv))
		id := putGroup(t, cl, "rg1") + "/providers/Microsoft.Storage/storageAccounts/sa1"
		p, err := cl.BeginCreateOrUpdate(context.Background(), id, "2021-04-01",
			map[string]any{"location": "westus", "kind": "StorageV2", "sku": map[string]any{"name": "Standard_LRS"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pollToEnd(t, p); err != nil {
			t.Fatal(err)
		}
		var keys struct {
			Keys []struct {
				KeyName string `json:"keyName"`
				Value   string `json:"value"`
			} `json:"keys"`
		}
		if err := cl.PostAction(context.Background(), id, "listKeys", "2021-04-01", nil, &keys); err != nil {
			t.Fatal(err)
		}
		if len(keys.Keys) == 0 || keys.Keys[0].Value == "" {
			t.Errorf("keys %+v", keys)
		}
	})
}

// TestBadIDs: what cannot be an ARM request is refused before it is sent.
func TestBadIDs(t *testing.T) {
	srv := startFake(t, armfake.Options{})
	cl := newClient(t, srv, testOptions(t, srv))
	ctx := context.Background()
	if err := cl.GetByID(ctx, "subscriptions/x", rgAPI, nil); err == nil {
		t.Error("an ID without a leading slash was sent")
	}
	if err := cl.GetByID(ctx, sub+"/resourceGroups/rg1", "", nil); err == nil {
		t.Error("a request without api-version was sent")
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("a client without a credential")
	}
}

// TestAuthenticationFailed: a credential Entra refuses is a fatal error that says why, without
// the secret.
func TestAuthenticationFailed(t *testing.T) {
	srv := startFake(t, armfake.Options{})
	cl, err := New(credential(t, srv, "app", "wrong-secret-value"), testOptions(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	err = cl.GetByID(context.Background(), sub+"/resourceGroups/rg1", rgAPI, nil)
	e := Classify(err)
	if e == nil || e.Code != CodeAuthenticationFailed || e.Retryable || !strings.Contains(e.Message, "invalid_client") {
		t.Fatalf("got %+v", e)
	}
	if strings.Contains(e.Error(), "wrong-secret-value") {
		t.Errorf("%q shows the secret", e.Error())
	}
}

// TestDotSegmentsNeverLeave: whatever ID reaches the client, a path with empty, . or ..
// segments (plain or encoded) is refused before a request is made: the server, or a proxy on
// the way, would resolve them into another resource's path.
func TestDotSegmentsNeverLeave(t *testing.T) {
	c := &Client{endpoint: "https://management.example/"}
	for _, id := range []string{
		"/subscriptions/s/resourceGroups/rg/../../other/resourceGroups/victim",
		"/subscriptions/s/resourceGroups/rg/%2e%2e",
		"/subscriptions/s//resourceGroups/rg",
		"/x/../subscriptions/s/resourceGroups/rg",
	} {
		if u, err := c.url(id, "2021-04-01"); err == nil {
			t.Errorf("%s was sent as %s", id, u)
		}
	}
	if _, err := c.url("/subscriptions/s/resourceGroups/rg name#1", "2021-04-01"); err != nil {
		t.Errorf("a name with a space and a # is refused: %v", err)
	}
}

package armclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
)

// staticToken is a credential that needs no authority: the server under test is not ARM.
type staticToken struct{}

func (staticToken) GetToken(context.Context, policy.TokenRequestOptions) (azcore.AccessToken, error) {
	return azcore.AccessToken{Token: "t", ExpiresOn: time.Now().Add(time.Hour)}, nil
}

// stallingServer accepts every connection and answers only what answer says it answers; any
// other request is held until the client gives up (or the test ends).
func stallingServer(t *testing.T, answer func(w http.ResponseWriter, r *http.Request) bool) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if answer != nil && answer(w, r) {
			return
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	return srv
}

func stallingClient(t *testing.T, srv *httptest.Server, timeout time.Duration) *Client {
	t.Helper()
	m, err := NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(staticToken{}, Options{Endpoint: srv.URL, Transport: srv.Client(), Retry: fastRetry, Metrics: m, RequestTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestStalledRequestTimesOut: an endpoint that accepts the connection and never answers holds a
// call no longer than the request timeout (the pipeline's retry of the stalled try included),
// and the error says what timed out, how long was waited, and that trying again may help.
func TestStalledRequestTimesOut(t *testing.T) {
	const timeout = 300 * time.Millisecond
	c := stallingClient(t, stallingServer(t, nil), timeout)
	id := sub + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn"
	calls := map[string]func(ctx context.Context) error{
		"GET": func(ctx context.Context) error { return c.GetByID(ctx, id, "2020-11-01", nil) },
		"PUT": func(ctx context.Context) error {
			_, err := c.BeginCreateOrUpdate(ctx, id, "2020-11-01", map[string]any{"location": "westus"})
			return err
		},
		"DELETE": func(ctx context.Context) error { _, err := c.BeginDelete(ctx, id, "2020-11-01"); return err },
		"POST":   func(ctx context.Context) error { return c.PostAction(ctx, id, "listKeys", "2020-11-01", nil, nil) },
		"LIST": func(ctx context.Context) error {
			_, err := c.List(ctx, sub+"/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks", "2020-11-01")
			return err
		},
	}
	for method, call := range calls {
		t.Run(method, func(t *testing.T) {
			start := time.Now()
			err := call(context.Background())
			elapsed := time.Since(start)
			if elapsed > timeout+time.Second {
				t.Errorf("the call took %s with a timeout of %s", elapsed, timeout)
			}
			e := Classify(err)
			if e == nil || e.Code != CodeRequestTimeout || !e.Retryable {
				t.Fatalf("got %v, want a retryable %s", err, CodeRequestTimeout)
			}
			verb := method
			if verb == "LIST" {
				verb = "GET"
			}
			if want := verb + " Microsoft.Network/virtualNetworks: no answer from Azure Resource Manager within 300ms"; !strings.HasPrefix(e.Message, want) {
				t.Errorf("message %q, want it to start with %q", e.Message, want)
			}
		})
	}
}

// TestStalledPollTimesOut: a poll of a long-running operation whose status URL stalls ends
// within the timeout, not done, with a retryable error; the operation is polled again later.
func TestStalledPollTimesOut(t *testing.T) {
	const timeout = 300 * time.Millisecond
	var srv *httptest.Server
	srv = stallingServer(t, func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method != http.MethodPut {
			return false
		}
		w.Header().Set("Azure-AsyncOperation", srv.URL+"/subscriptions/s/providers/Microsoft.Network/locations/westus/operations/op?api-version=2020-11-01")
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"properties":{"provisioningState":"Updating"}}`))
		return true
	})
	c := stallingClient(t, srv, timeout)
	p, err := c.BeginCreateOrUpdate(context.Background(), sub+"/resourceGroups/rg", rgAPI, map[string]any{"location": "westus"})
	if err != nil || p.Done() {
		t.Fatalf("PUT: done %v, %v", p != nil && p.Done(), err)
	}
	start := time.Now()
	done, _, err := p.Poll(context.Background())
	if elapsed := time.Since(start); elapsed > timeout+time.Second {
		t.Errorf("the poll took %s with a timeout of %s", elapsed, timeout)
	}
	if e := Classify(err); done || e == nil || e.Code != CodeRequestTimeout || !e.Retryable {
		t.Fatalf("poll: done %v, %v; want not done and a retryable %s", done, err, CodeRequestTimeout)
	}
}

// TestCallerDeadlineIsNotARequestTimeout: a caller's own deadline (a reconcile's) that ends
// first is reported as the cancellation it is, not as the client's timeout.
func TestCallerDeadlineIsNotARequestTimeout(t *testing.T) {
	c := stallingClient(t, stallingServer(t, nil), time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := c.GetByID(ctx, sub+"/resourceGroups/rg", rgAPI, nil)
	if e := Classify(err); e == nil || e.Code != CodeCanceled {
		t.Fatalf("got %v, want %s", err, CodeCanceled)
	}
}

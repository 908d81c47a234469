package armfake

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
)

// TestRequestBudget: past a subscription's budget of reads or writes in its window, ARM's
// throttling answers 429 SubscriptionRequestsThrottled with Retry-After; each answer tells what
// remains; another subscription has its own budget; the window's end restores it.
func TestRequestBudget(t *testing.T) {
	const window = 2 * time.Second
	s := StartTest(t, Options{SpecRoot: fixtureRoot, RequestBudget: RequestBudget{Reads: 3, Writes: 1, Window: window}})
	other := "/subscriptions/00000000-0000-0000-0000-000000000002"
	steps := []struct {
		name, method, path string
		status             int
		header, remaining  string
	}{
		{"write", "PUT", rg + rgAPI, 201, "x-ms-ratelimit-remaining-subscription-writes", "0"},
		{"write over", "PUT", rg + "2" + rgAPI, 429, "x-ms-ratelimit-remaining-subscription-writes", "0"},
		{"read", "GET", rg + rgAPI, 200, "x-ms-ratelimit-remaining-subscription-reads", "2"},
		{"read", "GET", rg + rgAPI, 200, "x-ms-ratelimit-remaining-subscription-reads", "1"},
		{"read", "GET", rg + rgAPI, 200, "x-ms-ratelimit-remaining-subscription-reads", "0"},
		{"read over", "GET", rg + rgAPI, 429, "x-ms-ratelimit-remaining-subscription-reads", "0"},
		{"another subscription", "PUT", other + "/resourceGroups/rg1" + rgAPI, 201, "x-ms-ratelimit-remaining-subscription-writes", "0"},
	}
	for _, st := range steps {
		var body any
		if st.method == "PUT" {
			body = map[string]any{"location": "westus"}
		}
		r := call(t, s, st.method, st.path, body)
		if r.status != st.status || r.header.Get(st.header) != st.remaining {
			t.Fatalf("%s: %d with %s=%q, want %d with %q: %s", st.name, r.status, st.header, r.header.Get(st.header), st.status, st.remaining, r.raw)
		}
		if r.status == 429 {
			if r.errorCode() != "SubscriptionRequestsThrottled" || r.header.Get("Retry-After") == "" {
				t.Fatalf("%s: %s with Retry-After %q, want SubscriptionRequestsThrottled advising when", st.name, r.raw, r.header.Get("Retry-After"))
			}
		}
	}
	time.Sleep(window)
	if r := call(t, s, "GET", rg+rgAPI, nil); r.status != 200 {
		t.Errorf("after the window: %d %s, want the budget restored", r.status, r.raw)
	}
	if _, err := NewServer(Options{SpecRoot: fixtureRoot, RequestBudget: RequestBudget{Reads: -1}}); err == nil || !strings.Contains(err.Error(), "RequestBudget") {
		t.Errorf("a negative budget: %v, want an error naming RequestBudget", err)
	}
}

// TestRequestBudgetRetriedByAzcore: azcore's retry policy honours the 429's Retry-After and the
// request passes once the window has passed, so a client within MaxRetries never sees it.
func TestRequestBudgetRetriedByAzcore(t *testing.T) {
	const window = time.Second
	s := StartTest(t, Options{SpecRoot: fixtureRoot, RequestBudget: RequestBudget{Writes: 1, Window: window}})
	// MaxRetryDelay bounds the Retry-After azcore waits: beyond it, it gives the 429 back.
	c := sdkClientRetrying(t, s, policy.RetryOptions{RetryDelay: 10 * time.Millisecond, MaxRetryDelay: 3 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	for _, g := range []string{"rg1", "rg2"} {
		if _, err := sdkDo(ctx, c, "PUT", sub+"/resourceGroups/"+g, "2021-04-01", map[string]any{"location": "westus"}); err != nil {
			t.Fatalf("PUT %s: %v", g, err)
		}
	}
	throttled := 0
	for _, r := range s.Requests() {
		if r.Status == 429 {
			throttled++
		}
	}
	if throttled == 0 || time.Since(start) < window/2 {
		t.Errorf("%d throttled answers in %s: want the second PUT throttled, then retried after the advised wait", throttled, time.Since(start))
	}
}

// sdkClientRetrying is sdkClient with the given retry options.
func sdkClientRetrying(t *testing.T, s *Server, retry policy.RetryOptions) *arm.Client {
	t.Helper()
	co := azcore.ClientOptions{
		Cloud: cloud.Configuration{ActiveDirectoryAuthorityHost: s.AuthorityHost(), Services: map[cloud.ServiceName]cloud.ServiceConfiguration{
			cloud.ResourceManager: {Endpoint: s.URL(), Audience: "https://management.azure.com/"}}},
		Transport: s.Client(), Retry: retry,
	}
	cred, err := azidentity.NewClientSecretCredential(s.TenantID(), "app", "secret",
		&azidentity.ClientSecretCredentialOptions{ClientOptions: co, DisableInstanceDiscovery: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := arm.NewClient("armfake.test", "v0.0.1", cred, &arm.ClientOptions{ClientOptions: co})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

package armclient

import (
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"k8s.io/client-go/util/flowcontrol"
)

// metricsPolicy records each attempt of a request: it sits after the retry policy, so a
// throttled request that succeeded on its second try counts twice, as ARM saw it.
type metricsPolicy struct{ m *Metrics }

func (p metricsPolicy) Do(req *policy.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := req.Next()
	status := 0
	if err == nil && resp != nil {
		status = resp.StatusCode
	}
	raw := req.Raw()
	p.m.record(ResourceType(raw.Method, raw.URL.Path), raw.Method, status, time.Since(start))
	return resp, err
}

// rateLimitPolicy waits for a token before each attempt; a cancelled context ends the wait.
type rateLimitPolicy struct{ limiter flowcontrol.RateLimiter }

func (p rateLimitPolicy) Do(req *policy.Request) (*http.Response, error) {
	if err := p.limiter.Wait(req.Raw().Context()); err != nil {
		return nil, err
	}
	return req.Next()
}

// userAgentPolicy appends the operator's suffix to the User-Agent azcore's telemetry policy set.
type userAgentPolicy struct{ suffix string }

func (p userAgentPolicy) Do(req *policy.Request) (*http.Response, error) {
	h := req.Raw().Header
	if ua := h.Get("User-Agent"); ua != "" {
		h.Set("User-Agent", ua+" "+p.suffix)
	} else {
		h.Set("User-Agent", p.suffix)
	}
	return req.Next()
}

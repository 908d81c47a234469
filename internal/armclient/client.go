package armclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	armpolicy "github.com/Azure/azure-sdk-for-go/sdk/azcore/arm/policy"
	armruntime "github.com/Azure/azure-sdk-for-go/sdk/azcore/arm/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/streaming"

	"github.com/armgen/armgen/pkg/genruntime"
)

// module and version name the operator in the telemetry part of the User-Agent.
const (
	module  = "armgen"
	version = "v2"
)

// Client sends ARM requests with one credential. It is safe for concurrent use.
type Client struct {
	endpoint string
	pipeline runtime.Pipeline
	timeout  time.Duration
}

// New builds a client whose requests carry tokens from cred for opts.Audience.
func New(cred azcore.TokenCredential, opts Options) (*Client, error) {
	if cred == nil {
		return nil, errors.New("armclient: no credential")
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	onEndpoint, err := newEndpointPolicy(opts.Endpoint)
	if err != nil {
		return nil, fmt.Errorf("armclient: endpoint %q: %w", opts.Endpoint, err)
	}
	// Order matters within PerRetry: the rate limit is waited on before the clock of the
	// metrics starts, so the recorded time is ARM's, not our own queueing.
	var perRetry []policy.Policy
	if opts.RateLimiter != nil {
		perRetry = append(perRetry, rateLimitPolicy{opts.RateLimiter})
	}
	perRetry = append(perRetry, metricsPolicy{opts.Metrics})
	// First of all, so that nothing (the bearer token least of all) goes to another host.
	perCall := []policy.Policy{onEndpoint}
	if opts.UserAgentSuffix != "" {
		perCall = append(perCall, userAgentPolicy{opts.UserAgentSuffix})
	}
	co := &armpolicy.ClientOptions{
		ClientOptions: policy.ClientOptions{
			Cloud: cloud.Configuration{Services: map[cloud.ServiceName]cloud.ServiceConfiguration{
				cloud.ResourceManager: {Endpoint: opts.Endpoint, Audience: opts.Audience},
			}},
			Transport: opts.Transport,
			Retry:     opts.Retry,
		},
		// Registering a resource provider needs subscription-wide rights the operator's
		// principal rarely has, and waits minutes inside one request; a missing registration
		// is better reported as the ARM error it is.
		DisableRPRegistration: true,
	}
	pl, err := armruntime.NewPipeline(module, version, cred, runtime.PipelineOptions{PerCall: perCall, PerRetry: perRetry}, co)
	if err != nil {
		return nil, fmt.Errorf("armclient: %w", err)
	}
	return &Client{endpoint: opts.Endpoint, pipeline: pl, timeout: opts.RequestTimeout}, nil
}

// Endpoint is the ARM URL the client talks to.
func (c *Client) Endpoint() string { return c.endpoint }

// send makes one request (retried by the pipeline) and returns the response whatever its status.
// The call ends within the client's timeout; the pipeline has read the whole answer by then.
func (c *Client) send(ctx context.Context, method, id, apiVersion string, body any) (*http.Response, error) {
	return c.sendIf(ctx, method, id, apiVersion, body, "")
}

// sendIf is send with an If-Match header when ifMatch is not empty.
func (c *Client) sendIf(ctx context.Context, method, id, apiVersion string, body any, ifMatch string) (*http.Response, error) {
	u, err := c.url(id, apiVersion)
	if err != nil {
		return nil, err
	}
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	req, err := runtime.NewRequest(ctx, method, u)
	if err != nil {
		return nil, err
	}
	req.Raw().Header.Set("Accept", "application/json")
	if ifMatch != "" {
		req.Raw().Header.Set("If-Match", ifMatch)
	}
	if body != nil {
		if err := setJSONBody(req, body); err != nil {
			return nil, fmt.Errorf("armclient: encoding the body of %s %s: %w", method, id, err)
		}
	}
	resp, err := c.pipeline.Do(req)
	if err != nil {
		return nil, c.timedOut(ctx, method, req.Raw().URL.Path, err)
	}
	return resp, nil
}

// url joins the endpoint and the ARM ID, escaping each segment: resource names may hold
// characters (spaces, '#') that mean something else in a URL.
func (c *Client) url(id, apiVersion string) (string, error) {
	if err := genruntime.CheckARMPath(id); err != nil {
		return "", fmt.Errorf("armclient: %w", err)
	}
	if apiVersion == "" {
		return "", fmt.Errorf("armclient: no api-version for %s", id)
	}
	segs := strings.Split(strings.Trim(id, "/"), "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.TrimSuffix(c.endpoint, "/") + "/" + strings.Join(segs, "/") +
		"?api-version=" + url.QueryEscape(apiVersion), nil
}

// setJSONBody sends raw JSON as it is and marshals anything else.
func setJSONBody(req *policy.Request, body any) error {
	var data []byte
	switch b := body.(type) {
	case json.RawMessage:
		data = b
	case []byte:
		data = b
	default:
		var err error
		if data, err = json.Marshal(body); err != nil {
			return err
		}
	}
	return req.SetBody(streaming.NopCloser(bytes.NewReader(data)), "application/json")
}

// decode reads a JSON response body into into (nil: discard).
func decode(resp *http.Response, into any) error {
	data, err := runtime.Payload(resp)
	if err != nil {
		return err
	}
	if into == nil || len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if raw, ok := into.(*json.RawMessage); ok {
		*raw = append((*raw)[:0], data...)
		return nil
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("armclient: decoding the answer to %s %s: %w", resp.Request.Method, resp.Request.URL.Path, err)
	}
	return nil
}

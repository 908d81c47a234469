package armclient

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"k8s.io/client-go/util/flowcontrol"
)

// Defaults for the public Azure cloud.
const (
	DefaultEndpoint = "https://management.azure.com/"
	DefaultAudience = "https://management.core.windows.net/"
)

// Options configure a Client. The zero value talks to the public cloud with azcore's retries,
// no rate limit and the metrics registered in controller-runtime's registry.
type Options struct {
	// Endpoint is the ARM URL (AZURE_RESOURCE_MANAGER_ENDPOINT).
	Endpoint string
	// Audience is the audience of the tokens ARM accepts (AZURE_RESOURCE_MANAGER_AUDIENCE).
	Audience string
	// Transport sends the HTTP requests; tests pass one that trusts armfake's CA. Nil means
	// DefaultTransport.
	Transport policy.Transporter
	// UserAgentSuffix is appended to the User-Agent header (AZURE_USER_AGENT_SUFFIX).
	UserAgentSuffix string
	// Retry configures the pipeline's retries of throttled, failed and timed-out requests;
	// tests shorten the delays.
	Retry policy.RetryOptions
	// RateLimiter, when set, is waited on before every request, retries included. Share one
	// across all clients: ARM's limits apply to the operator as a whole, not per credential.
	RateLimiter flowcontrol.RateLimiter
	// Metrics records the requests; nil means DefaultMetrics.
	Metrics *Metrics
	// RequestTimeout bounds one ARM call, the pipeline's retries and the token request
	// included (ARM_REQUEST_TIMEOUT); zero means DefaultRequestTimeout. Unless Retry sets its
	// own TryTimeout, a single try is abandoned after half of it, so a stalled connection is
	// tried once more on a new one before the call gives up.
	RequestTimeout time.Duration
}

// DefaultRequestTimeout leaves ARM, which answers a synchronous request within a minute or
// turns it into a long-running operation, time for a retry of a stalled try.
const DefaultRequestTimeout = 2 * time.Minute

func (o Options) withDefaults() (Options, error) {
	if o.Endpoint == "" {
		o.Endpoint = DefaultEndpoint
	}
	if o.Audience == "" {
		o.Audience = DefaultAudience
	}
	if o.Transport == nil {
		o.Transport = DefaultTransport()
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = DefaultRequestTimeout
	}
	if o.Retry.TryTimeout == 0 {
		o.Retry.TryTimeout = o.RequestTimeout / 2
	}
	if o.Metrics == nil {
		m, err := DefaultMetrics()
		if err != nil {
			return o, err
		}
		o.Metrics = m
	}
	return o, nil
}

// NewRateLimiter is a token bucket for Options.RateLimiter (RATE_LIMIT_MODE=bucket): qps is the
// refill rate, bucketSize the burst.
func NewRateLimiter(qps float64, bucketSize int) flowcontrol.RateLimiter {
	return flowcontrol.NewTokenBucketRateLimiter(float32(qps), bucketSize)
}

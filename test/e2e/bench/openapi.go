package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"k8s.io/client-go/rest"
)

// OpenAPITimes is how long the API server took to answer the OpenAPI documents a client such as
// kubectl explain reads: the first answer after a change is built on demand, so it is the cost.
type OpenAPITimes struct {
	// V2 is GET /openapi/v2, the whole API in one document.
	V2 time.Duration
	// V3 is GET /openapi/v3 (the index of group-versions) and then every group-version's
	// document the index lists, one after another.
	V3 time.Duration
	// V3Paths counts the group-version documents read.
	V3Paths int
	// V2Bytes and V3Bytes are the sizes of what was read.
	V2Bytes, V3Bytes int64
}

// ReadOpenAPI reads /openapi/v2 and every /openapi/v3 document of the API server cfg reaches,
// timing each.
func ReadOpenAPI(ctx context.Context, cfg *rest.Config) (OpenAPITimes, error) {
	var out OpenAPITimes
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return out, err
	}
	host := strings.TrimSuffix(cfg.Host, "/")
	start := time.Now()
	if out.V2Bytes, err = get(ctx, hc, host+"/openapi/v2", nil); err != nil {
		return out, err
	}
	out.V2 = time.Since(start)

	start = time.Now()
	var index struct {
		Paths map[string]struct {
			ServerRelativeURL string `json:"serverRelativeURL"`
		} `json:"paths"`
	}
	n, err := get(ctx, hc, host+"/openapi/v3", &index)
	if err != nil {
		return out, err
	}
	out.V3Bytes += n
	for name, p := range index.Paths {
		url := p.ServerRelativeURL
		if url == "" {
			url = "/openapi/v3/" + name
		}
		n, err := get(ctx, hc, host+url, nil)
		if err != nil {
			return out, err
		}
		out.V3Bytes += n
		out.V3Paths++
	}
	out.V3 = time.Since(start)
	return out, nil
}

// openAPIAttempts bounds how often get asks again after the server's own request timeout.
const openAPIAttempts = 10

// get reads url's whole body as JSON, decoding it into v when v is not nil, and returns its size.
// The first read of an OpenAPI document after many CRDs changed builds it, which on a busy
// machine can outlast the API server's request timeout (60 s): the server answers 504 but goes
// on building and caches the result, so get asks again, and the caller's timing spans the tries.
// With the whole corpus (1,337 CRDs) the server can also be too busy to answer the HTTP/2
// client's health pings, and the client drops the connection ("http2: client connection
// lost"): a GET is safe to send again, so that is asked again too.
func get(ctx context.Context, hc *http.Client, url string, v any) (int64, error) {
	for attempt := 1; ; attempt++ {
		n, err := getOnce(ctx, hc, url, v)
		retry := errors.Is(err, errGatewayTimeout) || errors.Is(err, errConnection)
		if !retry || attempt == openAPIAttempts || ctx.Err() != nil {
			return n, err
		}
	}
}

var (
	errGatewayTimeout = errors.New(http.StatusText(http.StatusGatewayTimeout))
	// errConnection marks a request that got no answer: the connection failed or was dropped.
	errConnection = errors.New("no answer")
)

func getOnce(ctx context.Context, hc *http.Client, url string, v any) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", errConnection, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusGatewayTimeout {
		return 0, fmt.Errorf("GET %s: %w", url, errGatewayTimeout)
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	if v == nil {
		return io.Copy(io.Discard, resp.Body)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return 0, fmt.Errorf("GET %s: %w", url, err)
	}
	return int64(len(body)), nil
}

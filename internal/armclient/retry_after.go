package armclient

import (
	"net/http"
	"strconv"
	"time"
)

// retryAfter reads ARM's advice on when to come back, preferring the millisecond headers
// (which armfake sends for sub-second intervals) over Retry-After in seconds or as a date.
func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	for _, h := range []string{"retry-after-ms", "x-ms-retry-after-ms"} {
		if v := resp.Header.Get(h); v != "" {
			if ms, err := strconv.ParseInt(v, 10, 64); err == nil && ms > 0 {
				return time.Duration(ms) * time.Millisecond
			}
		}
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

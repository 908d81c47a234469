package armclient

import (
	"net/http"
	"strconv"
	"time"
)

// MaxRetryAfter bounds the advice retryAfter reports. ARM's throttling windows are an hour at
// most; a larger figure is a fault of the answer, and one past what a time.Duration holds would
// wrap when multiplied out (18446744074 seconds is under one), turning "wait" into "now".
const MaxRetryAfter = 24 * time.Hour

// retryAfter reads ARM's advice on when to come back, preferring the millisecond headers
// (which armfake sends for sub-second intervals) over Retry-After in seconds or as a date.
func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	for _, h := range []string{"retry-after-ms", "x-ms-retry-after-ms"} {
		if v := resp.Header.Get(h); v != "" {
			if ms, err := strconv.ParseInt(v, 10, 64); err == nil && ms > 0 {
				return bounded(ms, time.Millisecond)
			}
		}
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s > 0 {
		return bounded(s, time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return min(d, MaxRetryAfter)
		}
	}
	return 0
}

// bounded is n units, at most MaxRetryAfter, compared before multiplying so it cannot wrap.
func bounded(n int64, unit time.Duration) time.Duration {
	if n > int64(MaxRetryAfter/unit) {
		return MaxRetryAfter
	}
	return time.Duration(n) * unit
}

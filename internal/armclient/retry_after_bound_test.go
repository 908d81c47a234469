package armclient

import (
	"net/http"
	"testing"
)

// TestRetryAfterHugeValueIsBounded: an advice too large for a time.Duration (Retry-After of
// 18446744074 seconds wraps to under a second when multiplied out) is read as the longest wait
// armclient reports, not as "come back now": a wrapped value made a throttled caller retry in a
// hot loop, and a negative one read as no advice at all.
func TestRetryAfterHugeValueIsBounded(t *testing.T) {
	for _, h := range []http.Header{
		{"Retry-After": {"18446744074"}},
		{"Retry-After": {"9999999999999"}},
		{"Retry-After-Ms": {"18446744073710"}},
		{"X-Ms-Retry-After-Ms": {"9223372036855"}},
	} {
		if got := retryAfter(&http.Response{Header: h}); got != MaxRetryAfter {
			t.Errorf("retryAfter(%v) = %v, want %v", h, got, MaxRetryAfter)
		}
	}
}

package armfake

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkSDKPutGet measures PUT+GET pairs of a small resource through the real SDK client
// (azcore pipeline, bearer token from azidentity), two requests per iteration; it reports
// requests/s. Run with: go test ./pkg/armfake -run XXX -bench SDKPutGet
func BenchmarkSDKPutGet(b *testing.B) {
	s := StartTest(b, Options{SpecRoot: fixtureRoot, LROPolls: -1, RetryAfter: time.Millisecond})
	c := sdkClient(b, s, "app", "s")
	ctx := context.Background()
	if _, err := sdkDo(ctx, c, "PUT", rg, "2021-04-01", map[string]any{"location": "westus"}); err != nil {
		b.Fatal(err)
	}
	if _, err := sdkDo(ctx, c, "PUT", widget, "2021-01-01", widgetBody()); err != nil {
		b.Fatal(err)
	}
	var n int
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			path := fmt.Sprintf("%s/gadgets/g%d", widget, i%50)
			if _, err := sdkDo(ctx, c, "PUT", path, "2021-01-01", map[string]any{"properties": map[string]any{"teethCount": i % 7}}); err != nil {
				b.Error(err)
				return
			}
			if _, err := sdkDo(ctx, c, "GET", path, "2021-01-01", nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	n = b.N * 2
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "requests/s")
}

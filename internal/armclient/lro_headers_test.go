package armclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// TestPutIsDoneOnlyWhenAzureSaysSo: whatever headers a PUT's answer carries beside its status
// (a Location on a 200 or 201, both Location and Azure-AsyncOperation on a 201, none on a 202),
// the operation is done only once Azure reports Succeeded, through the status URL when there is
// one, else the resource's provisioningState: never at the first answer.
func TestPutIsDoneOnlyWhenAzureSaysSo(t *testing.T) {
	const id = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Cache/redis/r"
	cases := []struct {
		name    string
		status  int
		headers map[string]string
	}{
		{"200 with a Location", http.StatusOK, map[string]string{"Location": "https://arm.example/elsewhere"}},
		{"201 with a Location", http.StatusCreated, map[string]string{"Location": id}},
		{"201 with both", http.StatusCreated, map[string]string{"Location": "https://arm.example/elsewhere", "Azure-AsyncOperation": "https://arm.example/ops/1"}},
		{"202 without a header", http.StatusAccepted, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			polls := 0
			var got []string
			tr := transportFunc(func(req *http.Request) (*http.Response, error) {
				got = append(got, req.Method+" "+req.URL.Path)
				h := http.Header{"Content-Type": {"application/json"}}
				state := "Creating"
				status := http.StatusOK
				switch {
				case req.Method == http.MethodPut:
					status = c.status
					for k, v := range c.headers {
						h.Set(k, v)
					}
				case strings.HasPrefix(req.URL.Path, "/ops/"):
					polls++
					if polls >= 2 {
						state = "Succeeded"
					}
					return &http.Response{StatusCode: 200, Header: h, Request: req,
						Body: io.NopCloser(strings.NewReader(`{"status":"` + state + `"}`))}, nil
				case req.URL.Path == "/elsewhere":
					t.Errorf("followed a Location on a %d", c.status)
				default:
					polls++
					if polls >= 2 {
						state = "Succeeded"
					}
				}
				body := fmt.Sprintf(`{"id":%q,"properties":{"provisioningState":%q}}`, id, state)
				return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
			})
			m, err := NewMetrics(prometheus.NewRegistry())
			if err != nil {
				t.Fatal(err)
			}
			cl, err := New(staticToken{}, Options{Endpoint: "https://arm.example/", Transport: tr, Retry: fastRetry, Metrics: m})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			p, err := cl.BeginCreateOrUpdate(ctx, id, "2020-06-01", map[string]any{"location": "westus2"})
			if err != nil {
				t.Fatal(err)
			}
			if p.Done() {
				t.Fatalf("done at the first answer, while Azure says Creating (requests %v)", got)
			}
			for i := 0; !p.Done(); i++ {
				if i > 10 {
					t.Fatalf("never done (requests %v)", got)
				}
				if _, _, err := p.Poll(ctx); err != nil {
					t.Fatalf("polling: %v (requests %v)", err, got)
				}
			}
			if polls < 2 {
				t.Errorf("done after %d polls, before Azure said Succeeded (requests %v)", polls, got)
			}
		})
	}
}

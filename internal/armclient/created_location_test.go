package armclient

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

type transportFunc func(*http.Request) (*http.Response, error)

func (f transportFunc) Do(req *http.Request) (*http.Response, error) { return f(req) }

// TestCreatedWithRelativeLocation: Microsoft.ManagedIdentity answers a PUT with 201 and a
// Location header holding the identity's path only (as a recording of real Azure shows). That
// Location names the resource made, not an operation to poll (ARM polls a Location only on a
// 202): the PUT is done with the answer's body, not failed for an invalid polling URL.
func TestCreatedWithRelativeLocation(t *testing.T) {
	const id = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/mi"
	answer := `{"id":"` + strings.Replace(id, "resourceGroups", "resourcegroups", 1) + `","name":"mi","location":"westus2","properties":{"principalId":"p"}}`
	var got []string
	tr := transportFunc(func(req *http.Request) (*http.Response, error) {
		got = append(got, req.Method+" "+req.URL.String())
		h := http.Header{"Content-Type": {"application/json"}}
		status := http.StatusOK
		if req.Method == http.MethodPut {
			status = http.StatusCreated
			h.Set("Location", strings.Replace(id, "resourceGroups", "resourcegroups", 1))
		}
		return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(answer)), Request: req}, nil
	})
	m, err := NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(staticToken{}, Options{Endpoint: "https://arm.example/", Transport: tr, Retry: fastRetry, Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := c.BeginCreateOrUpdate(ctx, id, "2018-11-30", map[string]any{"location": "westus2"})
	if err != nil {
		t.Fatalf("PUT answered 201 with a relative Location: %v", err)
	}
	for !p.Done() {
		if _, _, err := p.Poll(ctx); err != nil {
			t.Fatalf("polling: %v (requests %v)", err, got)
		}
	}
	var res map[string]any
	if err := p.Result(&res); err != nil {
		t.Fatalf("result: %v (requests %v)", err, got)
	}
	if res["id"] == nil {
		t.Errorf("no resource in the result: %v", res)
	}
	for _, r := range got[1:] {
		if want := "GET https://arm.example" + id + "?api-version=2018-11-30"; r != want {
			t.Errorf("sent %s after the PUT; only a read of the resource (%s) is right", r, want)
		}
	}
}

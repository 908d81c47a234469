package armclient

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// readBackID is the resource the scripted answers of TestReadBackOnlyWhenLastAnswerIsTheGet
// are about.
const readBackID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Network/routeTables/rt"

// scriptedAnswer is one answer of a scripted ARM: status, headers and body.
type scriptedAnswer struct {
	status int
	header map[string]string
	body   string
}

// TestReadBackOnlyWhenLastAnswerIsTheGet: ReadBack hands over the operation's final body as the
// GET a reconciler would send next only when the last answer was a 200 to a GET of that very URL
// (resource, api-version). Any other shape (the PUT's own answer, a Location or operation URL's
// result, a final GET of another api-version, a 202 to the final GET, a failed operation) makes
// the caller GET the resource itself.
func TestReadBackOnlyWhenLastAnswerIsTheGet(t *testing.T) {
	const api = "2021-02-01"
	res := func(state string) string {
		return `{"id":"` + readBackID + `","name":"rt","properties":{"provisioningState":"` + state + `"}}`
	}
	resURL := "https://arm.example" + readBackID + "?api-version=" + api
	async := map[string]string{"Azure-AsyncOperation": "https://arm.example/op/1?api-version=" + api}
	cases := map[string]struct {
		answers map[string]scriptedAnswer // by "METHOD URL"
		put     scriptedAnswer
		resume  bool
		wantOK  bool
		// wantBody is the state the read-back body must carry when ok.
		wantBody string
	}{
		"async PUT, final GET 200": {
			put:      scriptedAnswer{201, async, res("Updating")},
			answers:  map[string]scriptedAnswer{"GET https://arm.example/op/1?api-version=" + api: {200, nil, `{"status":"Succeeded"}`}, "GET " + resURL: {200, nil, res("Succeeded")}},
			wantOK:   true,
			wantBody: "Succeeded",
		},
		"async PUT resumed from its token, final GET 200": {
			put:      scriptedAnswer{201, async, res("Updating")},
			answers:  map[string]scriptedAnswer{"GET https://arm.example/op/1?api-version=" + api: {200, nil, `{"status":"Succeeded"}`}, "GET " + resURL: {200, nil, res("Succeeded")}},
			resume:   true,
			wantOK:   true,
			wantBody: "Succeeded",
		},
		"provisioningState-polled PUT": {
			put:      scriptedAnswer{201, nil, res("Creating")},
			answers:  map[string]scriptedAnswer{"GET " + resURL: {200, nil, res("Succeeded")}},
			wantOK:   true,
			wantBody: "Succeeded",
		},
		"synchronous 201": {
			put: scriptedAnswer{201, nil, res("Succeeded")},
		},
		"synchronous 200 without provisioningState": {
			put: scriptedAnswer{200, nil, `{"id":"` + readBackID + `"}`},
		},
		"async PUT, final GET 202": {
			put:     scriptedAnswer{201, async, res("Updating")},
			answers: map[string]scriptedAnswer{"GET https://arm.example/op/1?api-version=" + api: {200, nil, `{"status":"Succeeded"}`}, "GET " + resURL: {202, nil, res("Updating")}},
		},
		"async PUT failed": {
			put:     scriptedAnswer{201, async, res("Updating")},
			answers: map[string]scriptedAnswer{"GET https://arm.example/op/1?api-version=" + api: {200, nil, `{"status":"Failed","error":{"code":"Boom","message":"no"}}`}},
		},
		"async PUT cancelled": {
			put:     scriptedAnswer{201, async, res("Updating")},
			answers: map[string]scriptedAnswer{"GET https://arm.example/op/1?api-version=" + api: {200, nil, `{"status":"Canceled"}`}},
		},
		"Location-polled 202": {
			put:     scriptedAnswer{202, map[string]string{"Location": "https://arm.example/loc/1"}, ""},
			answers: map[string]scriptedAnswer{"GET https://arm.example/loc/1": {200, nil, res("Succeeded")}},
		},
		"Operation-Location whose resourceLocation has another api-version": {
			put: scriptedAnswer{201, map[string]string{"Operation-Location": "https://arm.example/op/2"}, res("Updating")},
			answers: map[string]scriptedAnswer{
				"GET https://arm.example/op/2":                                     {200, nil, `{"status":"Succeeded","resourceLocation":"https://arm.example` + readBackID + `?api-version=2019-01-01"}`},
				"GET https://arm.example" + readBackID + "?api-version=2019-01-01": {200, nil, res("Succeeded")},
			},
		},
		"Operation-Location whose resourceLocation differs in case": {
			put: scriptedAnswer{201, map[string]string{"Operation-Location": "https://arm.example/op/3"}, res("Updating")},
			answers: map[string]scriptedAnswer{
				"GET https://arm.example/op/3": {200, nil, `{"status":"Succeeded","resourceLocation":"https://arm.example` + strings.ToUpper(readBackID) + `?api-version=` + api + `"}`},
				"GET https://arm.example" + strings.ToUpper(readBackID) + "?api-version=" + api: {200, nil, res("Succeeded")},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			tr := transportFunc(func(req *http.Request) (*http.Response, error) {
				a := tc.put
				if req.Method != http.MethodPut {
					var ok bool
					if a, ok = tc.answers[req.Method+" "+req.URL.String()]; !ok {
						a = scriptedAnswer{404, nil, `{"error":{"code":"NotFound","message":"` + req.URL.String() + `"}}`}
					}
				}
				h := http.Header{"Content-Type": {"application/json"}}
				for k, v := range a.header {
					h.Set(k, v)
				}
				return &http.Response{StatusCode: a.status, Header: h, Body: io.NopCloser(strings.NewReader(a.body)), Request: req}, nil
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
			p, err := c.BeginCreateOrUpdate(ctx, readBackID, api, map[string]any{"location": "westus2"})
			if err != nil {
				t.Fatal(err)
			}
			if tc.resume && !p.Done() {
				token, err := p.ResumeToken()
				if err != nil {
					t.Fatal(err)
				}
				if p, err = c.ResumeCreateOrUpdate(ctx, token); err != nil {
					t.Fatal(err)
				}
			}
			for i := 0; !p.Done() && i < 5; i++ {
				_, _, _ = p.Poll(ctx)
			}
			if !p.Done() {
				t.Fatal("the operation never ended")
			}
			body, ok := p.ReadBack(readBackID, api)
			if ok != tc.wantOK {
				t.Fatalf("ReadBack ok = %v, want %v (body %s)", ok, tc.wantOK, body)
			}
			if ok && !strings.Contains(string(body), `"provisioningState":"`+tc.wantBody+`"`) {
				t.Errorf("read back %s, want the final GET's body (provisioningState %s)", body, tc.wantBody)
			}
			if ok {
				if _, again := p.ReadBack(readBackID, "2019-01-01"); again {
					t.Error("ReadBack at another api-version answered ok")
				}
			}
		})
	}
}

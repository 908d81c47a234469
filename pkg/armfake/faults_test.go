package armfake

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// TestFaults shows each fault kind reaching a client as ARM would send it, and the record.
func TestFaults(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 201, "")
	add := func(f Fault) {
		t.Helper()
		s.ClearFaults()
		if err := s.AddFault(f); err != nil {
			t.Fatal(err)
		}
	}

	add(Fault{Kind: FaultThrottle, Method: "GET", Path: "**/widgets/*", Times: 1, RetryAfter: Duration(2 * time.Second)})
	r := call(t, s, "GET", widget+widgetsAPI, nil)
	expect(t, r, 429, "TooManyRequests")
	if r.header.Get("Retry-After") != "2" {
		t.Errorf("Retry-After = %q", r.header.Get("Retry-After"))
	}
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 200, "") // Times: 1

	add(Fault{Kind: FaultError, Status: 503, Path: "**/widgets/w1"})
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 503, "ServiceUnavailable")
	add(Fault{Kind: FaultError, Path: "**/widgets/w1"})
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 500, "InternalServerError")
	add(Fault{Kind: FaultConflict, Method: "PUT"})
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 409, "Conflict")

	add(Fault{Kind: FaultReset, Times: 1})
	req, _ := http.NewRequest("GET", s.URL()+widget+widgetsAPI, nil)
	if resp, err := s.Client().Do(req); err == nil {
		resp.Body.Close()
		t.Errorf("a reset connection answered %d", resp.StatusCode)
	}

	add(Fault{Kind: FaultLatency, Latency: Duration(150 * time.Millisecond), Times: 1})
	start := time.Now()
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 200, "")
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("latency fault took %s", d)
	}

	add(Fault{Kind: FaultLROFailed, Method: "PUT", Code: "QuotaExceeded", Message: "no more widgets"})
	p := call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	op := strings.TrimPrefix(p.header.Get("Azure-AsyncOperation"), s.URL())
	st := call(t, s, "GET", op, nil)
	if st.prop("status") != "Failed" || st.prop("error", "code") != "QuotaExceeded" {
		t.Errorf("failed operation: %s", st.raw)
	}
	if g := call(t, s, "GET", widget+widgetsAPI, nil); g.prop("properties", "provisioningState") != "Failed" {
		t.Errorf("resource after a failed operation: %s", g.raw)
	}

	add(Fault{Kind: FaultDrift, Method: "GET", Property: "properties.displayName", Value: "drifted", Times: 1})
	if g := call(t, s, "GET", widget+widgetsAPI, nil); g.prop("properties", "displayName") != "drifted" {
		t.Errorf("drift: %s", g.raw)
	}
	add(Fault{Kind: FaultDeleted, Method: "GET", Path: "**/widgets/w1", Times: 1})
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 404, "ResourceNotFound")
	s.ClearFaults()

	var kinds []string
	for _, r := range s.Requests() {
		if r.Fault != "" {
			kinds = append(kinds, r.Fault+":"+http.StatusText(r.Status))
		}
	}
	want := "throttle:Too Many Requests error:Service Unavailable error:Internal Server Error conflict:Conflict reset: latency:OK lroFailed:OK drift:OK deleted:Not Found"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("recorded faults:\n got %s\nwant %s", got, want)
	}
}

// TestFaultsThroughSDK: the SDK retries 429 and 503 (honouring Retry-After) and reports a
// failed operation as the ARM error.
func TestFaultsThroughSDK(t *testing.T) {
	s := fixtureServer(t, Options{RetryAfter: 5 * time.Millisecond, Faults: []Fault{
		{Kind: FaultThrottle, Method: "PUT", Path: "**/resourceGroups/*", Times: 1, RetryAfter: Duration(10 * time.Millisecond)},
		{Kind: FaultError, Status: 503, Method: "PUT", Path: "**/resourceGroups/*", Times: 1},
		{Kind: FaultLROFailed, Method: "PUT", Path: "**/widgets/*", Code: "SkuNotAvailable"},
	}})
	c := sdkClient(t, s, "app", "any")
	ctx := context.Background()
	if _, err := sdkDo(ctx, c, "PUT", rg, "2021-04-01", map[string]any{"location": "westus"}); err != nil {
		t.Fatalf("the SDK should retry 429 and 503: %v", err)
	}
	_, err := sdkDo(ctx, c, "PUT", widget, "2021-01-01", widgetBody())
	var re *azcore.ResponseError
	if !errors.As(err, &re) || re.ErrorCode != "SkuNotAvailable" {
		t.Fatalf("failed operation through the poller: %v", err)
	}
	var statuses []int
	for _, r := range s.Requests() {
		if r.Method == "PUT" && r.Path == rg {
			statuses = append(statuses, r.Status)
		}
	}
	if len(statuses) != 3 || statuses[0] != 429 || statuses[1] != 503 || statuses[2] != 201 {
		t.Errorf("resource group PUTs: %v", statuses)
	}
}

func TestFaultFileAndProbability(t *testing.T) {
	file := filepath.Join(t.TempDir(), "faults.yaml")
	os.WriteFile(file, []byte("faults:\n- kind: error\n  status: 500\n  method: GET\n  path: '**/widgets/**'\n  probability: 0.5\n- kind: latency\n  latency: 1ms\n"), 0o644)
	faults, err := LoadFaults(file)
	if err != nil || len(faults) != 2 || faults[0].Probability != 0.5 || time.Duration(faults[1].Latency) != time.Millisecond {
		t.Fatalf("LoadFaults: %+v %v", faults, err)
	}
	count := func(seed int64) int {
		s := fixtureServer(t, Options{Seed: seed, Faults: faults})
		n := 0
		for range 40 {
			if call(t, s, "GET", widget+widgetsAPI, nil).status == 500 {
				n++
			}
		}
		return n
	}
	a, b := count(7), count(7)
	if a != b || a == 0 || a == 40 {
		t.Errorf("probability 0.5 with one seed: %d and %d faults of 40", a, b)
	}
	os.WriteFile(file, []byte("- kind: explode\n"), 0o644)
	if _, err := LoadFaults(file); err == nil || !strings.Contains(err.Error(), "unknown fault kind") {
		t.Errorf("bad kind: %v", err)
	}
}

// TestFaultMatchesBody: a fault with BodyContains answers only the writes whose body carries
// that value, so a test can aim a failure at the write carrying a given value (as a service
// quoting the password it was sent) and not at the next write of the same path.
func TestFaultMatchesBody(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	if err := s.AddFault(Fault{Kind: FaultError, Status: 400, Code: "Quoted", Method: "PUT", Path: rg, BodyContains: `"old"`, Times: 1}); err != nil {
		t.Fatal(err)
	}
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus", "tags": map[string]any{"v": "new"}}), 200, "")
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus", "tags": map[string]any{"v": "old"}}), 400, "Quoted")
}

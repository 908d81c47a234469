package armclient

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

func widgetBody() map[string]any {
	return map[string]any{"location": "westus", "properties": map[string]any{"displayName": "w"}}
}

// TestFaults: what ARM's failures become. Throttling and server errors the pipeline retries
// are invisible when a retry succeeds; when they persist they surface as retryable errors
// (Warning) with ARM's code; a validation error is fatal (Error) with ARM's code and targets.
func TestFaults(t *testing.T) {
	widget := sub + "/resourceGroups/rg1/providers/Microsoft.Widgets/widgets/w1"
	cases := map[string]struct {
		fault armfake.Fault
		// call is the request under test.
		call func(*Client) error
		// ok means the pipeline absorbed the fault.
		ok        bool
		code      string
		status    int
		retryable bool
		// message holds substrings of the error's message.
		message []string
	}{
		"one throttled GET is retried": {
			fault: armfake.Fault{Kind: armfake.FaultThrottle, Method: "GET", Path: "**/widgets/*", Times: 1, RetryAfter: armfake.Duration(10 * time.Millisecond)},
			call:  func(c *Client) error { return c.GetByID(context.Background(), widget, widgetAPI, nil) },
			ok:    true,
		},
		"one 500 on PUT is retried": {
			fault: armfake.Fault{Kind: armfake.FaultError, Method: "PUT", Path: "**/widgets/*", Times: 1},
			call:  putWidget(widget, widgetBody()),
			ok:    true,
		},
		"persistent throttling surfaces as retryable": {
			fault: armfake.Fault{Kind: armfake.FaultThrottle, Method: "GET", Path: "**/widgets/*", RetryAfter: armfake.Duration(10 * time.Millisecond)},
			call:  func(c *Client) error { return c.GetByID(context.Background(), widget, widgetAPI, nil) },
			code:  "TooManyRequests", status: 429, retryable: true,
		},
		"persistent 503 surfaces as retryable": {
			fault: armfake.Fault{Kind: armfake.FaultError, Status: 503, Method: "PUT", Path: "**/widgets/*"},
			call:  putWidget(widget, widgetBody()),
			code:  "ServiceUnavailable", status: 503, retryable: true,
		},
		"conflict is retryable and not retried by the pipeline": {
			fault: armfake.Fault{Kind: armfake.FaultConflict, Method: "PUT", Path: "**/widgets/*", Code: "AnotherOperationInProgress", Times: 1},
			call:  putWidget(widget, widgetBody()),
			code:  "AnotherOperationInProgress", status: 409, retryable: true,
		},
		"connection reset is a retryable network error": {
			fault: armfake.Fault{Kind: armfake.FaultReset, Method: "GET", Path: "**/widgets/*"},
			call:  func(c *Client) error { return c.GetByID(context.Background(), widget, widgetAPI, nil) },
			code:  CodeNetworkError, retryable: true,
		},
		"validation error is fatal with ARM's code and the property": {
			call: putWidget(widget, map[string]any{"location": "westus", "properties": map[string]any{"displayName": "1 starts with a digit", "color": 7}}),
			code: "InvalidRequestContent", status: 400,
			message: []string{"properties.displayName", "properties.color"},
		},
		"missing resource group is retryable: it may be on its way": {
			call: putWidget(sub+"/resourceGroups/nope/providers/Microsoft.Widgets/widgets/w1", widgetBody()),
			code: "ResourceGroupNotFound", status: 404, retryable: true,
		},
		"unknown api-version is fatal": {
			call: func(c *Client) error { return c.GetByID(context.Background(), widget, "2099-01-01", nil) },
			code: "InvalidApiVersionParameter", status: 400,
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			srv := startFake(t, armfake.Options{})
			cl := newClient(t, srv, testOptions(t, srv))
			putGroup(t, cl, "rg1")
			if err := putWidget(widget, widgetBody())(cl); err != nil {
				t.Fatal(err)
			}
			if c.fault.Kind != "" {
				if err := srv.AddFault(c.fault); err != nil {
					t.Fatal(err)
				}
			}
			err := c.call(cl)
			if c.ok {
				if err != nil {
					t.Fatalf("the pipeline did not absorb the fault: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %T %v, want an *Error", err, err)
			}
			if e.Code != c.code || e.StatusCode != c.status || e.Retryable != c.retryable {
				t.Errorf("got code %q status %d retryable %v, want %q %d %v (%v)", e.Code, e.StatusCode, e.Retryable, c.code, c.status, c.retryable, e)
			}
			wantSeverity := conditions.ConditionSeverityError
			if c.retryable {
				wantSeverity = conditions.ConditionSeverityWarning
			}
			if e.Severity() != wantSeverity {
				t.Errorf("severity %s, want %s", e.Severity(), wantSeverity)
			}
			for _, m := range c.message {
				if !strings.Contains(e.Message, m) {
					t.Errorf("message %q does not mention %s", e.Message, m)
				}
			}
			// Never the URL, never the token.
			for _, leak := range []string{srv.URL(), "Bearer", "api-version="} {
				if strings.Contains(e.Error(), leak) {
					t.Errorf("error text %q contains %q", e.Error(), leak)
				}
			}
		})
	}
}

func putWidget(id string, body any) func(*Client) error {
	return func(c *Client) error {
		p, err := c.BeginCreateOrUpdate(context.Background(), id, widgetAPI, body)
		if err != nil {
			return err
		}
		for !p.Done() {
			time.Sleep(p.RetryAfter())
			if _, _, err := p.Poll(context.Background()); err != nil {
				return err
			}
		}
		return nil
	}
}

// TestOperationFailed: an operation that ARM accepted and that then failed ends the poller
// with ARM's code from the operation status.
func TestOperationFailed(t *testing.T) {
	srv := startFake(t, armfake.Options{Faults: []armfake.Fault{
		{Kind: armfake.FaultLROFailed, Method: "PUT", Path: "**/widgets/*", Code: "ZonalAllocationFailed", Message: "no capacity in zone 2"},
	}})
	cl := newClient(t, srv, testOptions(t, srv))
	id := putGroup(t, cl, "rg1") + "/providers/Microsoft.Widgets/widgets/w1"
	p, err := cl.BeginCreateOrUpdate(context.Background(), id, widgetAPI, widgetBody())
	if err != nil {
		t.Fatal(err)
	}
	_, err = pollToEnd(t, p)
	var e *Error
	if !errors.As(err, &e) || e.Code != "ZonalAllocationFailed" || !strings.Contains(e.Message, "no capacity") {
		t.Fatalf("got %v", err)
	}
	if !e.Retryable {
		t.Error("a failed operation with an unknown code should be retryable")
	}
	var re *azcore.ResponseError
	if !errors.As(err, &re) {
		t.Error("the azcore error is not reachable through Unwrap")
	}
	if done, _, again := p.Poll(context.Background()); !done || again != err {
		t.Errorf("polling a failed operation again: %v %v", done, again)
	}
	if err := p.Result(nil); err != e {
		t.Errorf("Result: %v", err)
	}
}

// TestPollErrorsKeepThePoller: a poll that fails (the pipeline's retries exhausted) leaves the
// poller where it was; the next poll carries on.
func TestPollErrorsKeepThePoller(t *testing.T) {
	srv := startFake(t, armfake.Options{})
	cl := newClient(t, srv, testOptions(t, srv))
	id := putGroup(t, cl, "rg1") + "/providers/Microsoft.Widgets/widgets/w1"
	p, err := cl.BeginCreateOrUpdate(context.Background(), id, widgetAPI, widgetBody())
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.AddFault(armfake.Fault{Kind: armfake.FaultError, Status: 503, Method: "GET", Path: "**/operationStatuses/*", Times: 3}); err != nil {
		t.Fatal(err)
	}
	done, _, err := p.Poll(context.Background())
	var e *Error
	if done || !errors.As(err, &e) || !e.Retryable || e.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("poll during an outage: done %v, %v", done, err)
	}
	if _, err := pollToEnd(t, p); err != nil {
		t.Fatal(err)
	}
}

// TestMetricsRecorded: each attempt is counted with ASO's labels, retries included.
func TestMetricsRecorded(t *testing.T) {
	srv := startFake(t, armfake.Options{Faults: []armfake.Fault{
		{Kind: armfake.FaultThrottle, Method: "GET", Path: "**/widgets/*", Times: 1, RetryAfter: armfake.Duration(10 * time.Millisecond)},
	}})
	opts := testOptions(t, srv)
	cl := newClient(t, srv, opts)
	id := putGroup(t, cl, "rg1") + "/providers/Microsoft.Widgets/widgets/w1"
	if err := putWidget(id, widgetBody())(cl); err != nil {
		t.Fatal(err)
	}
	if err := cl.GetByID(context.Background(), id, widgetAPI, nil); err != nil {
		t.Fatal(err)
	}
	m := opts.Metrics
	const widgets = "Microsoft.Widgets/widgets"
	for _, c := range []struct {
		name string
		got  float64
		want float64
	}{
		{"PUT group 201", testutil.ToFloat64(m.successful.WithLabelValues("Microsoft.Resources/resourceGroups", "PUT", "201")), 1},
		{"PUT widget 201", testutil.ToFloat64(m.successful.WithLabelValues(widgets, "PUT", "201")), 1},
		{"GET widget 429", testutil.ToFloat64(m.successful.WithLabelValues(widgets, "GET", "429")), 1},
		// The final GET of the PUT poller and the GET that was throttled, then retried.
		{"GET widget 200", testutil.ToFloat64(m.successful.WithLabelValues(widgets, "GET", "200")), 2},
		{"failed", float64(testutil.CollectAndCount(m.failed)), 0},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if n := testutil.CollectAndCount(m.duration); n == 0 {
		t.Error("no request times")
	}
	if polls := testutil.ToFloat64(m.successful.WithLabelValues("Microsoft.Widgets/locations/operationStatuses", "GET", "200")); polls != 3 {
		t.Errorf("operation polls %v, want 3", polls)
	}
	stats := m.Stats()
	if stats["PUT"] != 2 || stats["GET"] != 6 {
		t.Errorf("stats %v", stats)
	}
}

package armfake

import (
	"strings"
	"testing"
	"time"
)

// TestReadingIsNoPoll: GETs of the resource, however many, leave an operation where it is; only
// polls of its status URL move it on.
func TestReadingIsNoPoll(t *testing.T) {
	s := fixtureServer(t, Options{LROPolls: 2})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w := call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	op := strings.TrimPrefix(w.header.Get("Azure-AsyncOperation"), s.URL())
	for range 5 {
		if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Creating" {
			t.Fatalf("a GET moved the operation on: %s", r.raw)
		}
	}
	for i, want := range []string{"InProgress", "InProgress", "Succeeded"} {
		if r := call(t, s, "GET", op, nil); r.prop("status") != want {
			t.Fatalf("poll %d after the GETs: %s, want %s", i, r.raw, want)
		}
	}
}

// TestOperationsProgressByTime: with LROFinishAfter an operation nobody polls ends on time, and
// a GET of the resource shows it ended.
func TestOperationsProgressByTime(t *testing.T) {
	s := fixtureServer(t, Options{LROPolls: 1000, LROFinishAfter: 500 * time.Millisecond})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Creating" {
		t.Fatalf("right after the PUT: %s", r.raw)
	}
	time.Sleep(600 * time.Millisecond)
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Succeeded" {
		t.Fatalf("after LROFinishAfter, without a poll: %s", r.raw)
	}
}

// TestOperationsExpire: an operation's status and result URLs answer 404 OperationNotFound once
// it is older than OperationExpiry, or after ExpireOperations; the resource is unaffected.
func TestOperationsExpire(t *testing.T) {
	s := fixtureServer(t, Options{LROPolls: 1000, OperationExpiry: 500 * time.Millisecond})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w := call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	status := strings.TrimPrefix(w.header.Get("Azure-AsyncOperation"), s.URL())
	result := strings.TrimPrefix(w.header.Get("Location"), s.URL())
	expect(t, call(t, s, "GET", status, nil), 200, "")
	time.Sleep(600 * time.Millisecond)
	expect(t, call(t, s, "GET", status, nil), 404, "OperationNotFound")
	expect(t, call(t, s, "GET", result, nil), 404, "OperationNotFound")
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Succeeded" {
		t.Errorf("the resource of an expired operation: %s", r.raw)
	}

	s = fixtureServer(t, Options{LROPolls: 1000})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w = call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	status = strings.TrimPrefix(w.header.Get("Azure-AsyncOperation"), s.URL())
	expect(t, call(t, s, "GET", status, nil), 200, "")
	s.ExpireOperations()
	expect(t, call(t, s, "GET", status, nil), 404, "OperationNotFound")
}

// TestWritesRefusedForNow: a PUT or PATCH while an operation runs answers 409
// AnotherOperationInProgress, as does a write into a resource group being deleted
// (ResourceGroupBeingDeleted); once the operation has ended the PUT goes through. A DELETE takes
// over a running PUT.
func TestWritesRefusedForNow(t *testing.T) {
	s := fixtureServer(t, Options{LROPolls: 1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w := call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	expect(t, w, 201, "")
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 409, "AnotherOperationInProgress")
	expect(t, call(t, s, "PATCH", widget+widgetsAPI, map[string]any{"tags": map[string]any{"a": "b"}}), 409, "AnotherOperationInProgress")
	op := strings.TrimPrefix(w.header.Get("Azure-AsyncOperation"), s.URL())
	for call(t, s, "GET", op, nil).prop("status") == "InProgress" {
	}
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 200, "")
	expect(t, call(t, s, "DELETE", widget+widgetsAPI, nil), 202, "")
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Deleting" {
		t.Errorf("a DELETE during a PUT: %s", r.raw)
	}

	other := rg + "/providers/Microsoft.Widgets/widgets/w2"
	expect(t, call(t, s, "DELETE", rg+rgAPI, nil), 202, "")
	expect(t, call(t, s, "PUT", other+widgetsAPI, widgetBody()), 409, "ResourceGroupBeingDeleted")
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 409, "ResourceGroupBeingDeleted")
}

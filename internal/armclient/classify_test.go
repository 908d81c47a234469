package armclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// armAnswer is an HTTP answer as the pipeline hands it over.
func armAnswer(status int, header http.Header, body string) error {
	req, _ := http.NewRequest(http.MethodPut, "https://management.azure.com/subscriptions/s/resourceGroups/rg?api-version=2021-04-01", nil)
	req.Header.Set("Authorization", "Bearer secret-token")
	if header == nil {
		header = http.Header{}
	}
	resp := &http.Response{StatusCode: status, Header: header, Body: io.NopCloser(strings.NewReader(body)), Request: req}
	return runtime.NewResponseError(resp)
}

func TestClassify(t *testing.T) {
	cases := map[string]struct {
		err        error
		code       string
		status     int
		retryable  bool
		message    string
		retryAfter time.Duration
	}{
		"validation with details": {
			err:  armAnswer(400, nil, `{"error":{"code":"InvalidRequestContent","message":"The request content was invalid.","details":[{"code":"PatternMismatch","target":"properties.name","message":"does not match"}]}}`),
			code: "InvalidRequestContent", status: 400,
			message: "The request content was invalid.; properties.name: does not match (PatternMismatch)",
		},
		"code from x-ms-error-code, message from body": {
			err:  armAnswer(403, http.Header{"X-Ms-Error-Code": {"AuthorizationFailed"}}, `{"error":{"code":"AuthorizationFailed","message":"no access"}}`),
			code: "AuthorizationFailed", status: 403, message: "no access",
		},
		"throttled with advice": {
			err:  armAnswer(429, http.Header{"Retry-After": {"7"}}, `{"error":{"code":"TooManyRequests","message":"slow down"}}`),
			code: "TooManyRequests", status: 429, retryable: true, message: "slow down", retryAfter: 7 * time.Second,
		},
		"conflict": {
			err:  armAnswer(409, nil, `{"error":{"code":"Conflict","message":"busy"}}`),
			code: "Conflict", status: 409, retryable: true, message: "busy",
		},
		"server error without a body": {
			err:  armAnswer(502, nil, ``),
			code: "BadGateway", status: 502, retryable: true,
		},
		"not found": {
			err:  armAnswer(404, nil, `{"error":{"code":"ResourceNotFound","message":"gone"}}`),
			code: "ResourceNotFound", status: 404, message: "gone",
		},
		"parent not found is retryable": {
			err:  armAnswer(404, nil, `{"error":{"code":"ParentResourceNotFound","message":"no parent"}}`),
			code: "ParentResourceNotFound", status: 404, retryable: true, message: "no parent",
		},
		"failed operation, fatal code": {
			err:  armAnswer(200, nil, `{"status":"Failed","error":{"code":"InvalidParameter","message":"bad sku"}}`),
			code: "InvalidParameter", status: 200, message: "bad sku",
		},
		"failed operation, unknown code": {
			err:  armAnswer(200, nil, `{"status":"Failed","error":{"code":"InUseSubnetCannotBeDeleted","message":"in use"}}`),
			code: "InUseSubnetCannotBeDeleted", status: 200, retryable: true, message: "in use",
		},
		"resource ended Failed without an error": {
			err:  armAnswer(200, nil, `{"properties":{"provisioningState":"Failed"}}`),
			code: CodeOperationFailed, status: 200, retryable: true,
			message: "the long-running operation ended without success and ARM gave no error",
		},
		"bad request without ARM body": {
			err:  armAnswer(400, nil, `not json`),
			code: "BadRequest", status: 400,
		},
		"cancelled": {
			err:  fmt.Errorf("waiting: %w", context.Canceled),
			code: CodeCanceled, retryable: true, message: "waiting: context canceled",
		},
		"reset connection": {
			err:  io.ErrUnexpectedEOF,
			code: CodeNetworkError, retryable: true, message: "unexpected EOF",
		},
		"something else": {
			err:  errors.New("response is missing polling URL"),
			code: CodeUnknown, retryable: true, message: "response is missing polling URL",
		},
		"refused connection, URL left out": {
			err: &url.Error{Op: "Put", URL: "https://management.azure.com/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v?api-version=x",
				Err: &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}},
			code: CodeNetworkError, retryable: true, message: "PUT Microsoft.Network/virtualNetworks: dial tcp: connection refused",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			e := Classify(c.err)
			if e.Code != c.code || e.StatusCode != c.status || e.Retryable != c.retryable || e.Message != c.message || e.RetryAfter != c.retryAfter {
				t.Errorf("got %+v", *e)
			}
			if !errors.Is(e, c.err) {
				t.Error("the cause is lost")
			}
			if Classify(e) != e {
				t.Error("classifying an *Error again made a new one")
			}
			for _, leak := range []string{"Bearer", "secret-token", "api-version", "management.azure.com"} {
				if strings.Contains(e.Error(), leak) {
					t.Errorf("%q contains %q", e.Error(), leak)
				}
			}
		})
	}
	if Classify(nil) != nil {
		t.Error("Classify(nil) is not nil")
	}
}

func TestIsNotFound(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{armAnswer(404, nil, `{"error":{"code":"ResourceNotFound"}}`), true},
		{Classify(armAnswer(404, nil, `{}`)), true},
		{fmt.Errorf("wrapped: %w", Classify(armAnswer(404, nil, `{}`))), true},
		{armAnswer(400, nil, `{}`), false},
		{errors.New("404"), false},
		{nil, false},
	} {
		if got := IsNotFound(c.err); got != c.want {
			t.Errorf("IsNotFound(%v) = %v", c.err, got)
		}
	}
}

func TestErrorText(t *testing.T) {
	cases := []struct {
		e    Error
		want string
	}{
		{Error{Code: "InvalidRequestContent", StatusCode: 400, Message: "bad"}, "InvalidRequestContent (HTTP 400): bad"},
		{Error{Code: "ZonalAllocationFailed", StatusCode: 200, Message: "no room"}, "ZonalAllocationFailed (operation failed): no room"},
		{Error{Code: CodeNetworkError}, "NetworkError (no answer)"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestRedact(t *testing.T) {
	e := &Error{Code: "InvalidParameter", Message: "password 'Hunter2!' is too weak; Hunter2! again"}
	r := e.Redact("Hunter2!", "")
	if strings.Contains(r.Message, "Hunter2!") || !strings.Contains(r.Message, "[redacted]") {
		t.Errorf("redacted %q", r.Message)
	}
	if !strings.Contains(e.Message, "Hunter2!") {
		t.Error("Redact changed the original")
	}
}

func TestRetryAfter(t *testing.T) {
	cases := map[string]struct {
		header http.Header
		want   time.Duration
	}{
		"none":             {http.Header{}, 0},
		"seconds":          {http.Header{"Retry-After": {"3"}}, 3 * time.Second},
		"milliseconds win": {http.Header{"Retry-After": {"3"}, "Retry-After-Ms": {"40"}}, 40 * time.Millisecond},
		"x-ms":             {http.Header{"X-Ms-Retry-After-Ms": {"15"}}, 15 * time.Millisecond},
		"garbage":          {http.Header{"Retry-After": {"soon"}}, 0},
		"date in the past": {http.Header{"Retry-After": {"Mon, 02 Jan 2006 15:04:05 GMT"}}, 0},
	}
	for name, c := range cases {
		if got := retryAfter(&http.Response{Header: c.header}); got != c.want {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	if got := retryAfter(&http.Response{Header: http.Header{"Retry-After": {future}}}); got < 59*time.Minute {
		t.Errorf("date an hour away: %v", got)
	}
}

func TestResourceType(t *testing.T) {
	rg := "/subscriptions/s/resourceGroups/rg"
	cases := []struct{ method, path, want string }{
		{"PUT", rg, "Microsoft.Resources/resourceGroups"},
		{"GET", "/subscriptions/s", "Microsoft.Resources/subscriptions"},
		{"PUT", rg + "/providers/Microsoft.Network/virtualNetworks/v", "Microsoft.Network/virtualNetworks"},
		{"PUT", rg + "/providers/Microsoft.Network/virtualNetworks/v/subnets/s", "Microsoft.Network/virtualNetworks/subnets"},
		{"GET", rg + "/providers/Microsoft.Network/virtualNetworks/v/subnets", "Microsoft.Network/virtualNetworks/subnets"},
		{"GET", rg + "/providers/Microsoft.Network/virtualNetworks", "Microsoft.Network/virtualNetworks"},
		{"POST", rg + "/providers/Microsoft.Storage/storageAccounts/sa/listKeys", "Microsoft.Storage/storageAccounts"},
		{"PUT", rg + "/providers/Microsoft.Storage/storageAccounts/sa/providers/Microsoft.Authorization/roleAssignments/r", "Microsoft.Authorization/roleAssignments"},
		{"GET", "/subscriptions/s/providers/Microsoft.Network/locations/westus/operationStatuses/op", "Microsoft.Network/locations/operationStatuses"},
		{"PUT", "/providers/Microsoft.Management/managementGroups/mg", "Microsoft.Management/managementGroups"},
		{"GET", "/", "unknown"},
	}
	for _, c := range cases {
		if got := ResourceType(c.method, c.path); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.method, c.path, got, c.want)
		}
	}
}

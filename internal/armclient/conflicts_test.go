package armclient

import (
	"net/http"
	"testing"
	"time"
)

// TestClassifyConflicts: a 409 is retried only when what is in the way passes by itself (an
// operation in progress, a parent being updated), slowly when it passes slowly (a resource
// group being deleted, a code we do not know), and not at all when someone has to act (a taken
// name, a lock, a quota, a missing registration); the code decides, also when a long-running
// operation ends Failed with it (status 200).
func TestClassifyConflicts(t *testing.T) {
	cases := []struct {
		name       string
		status     int
		header     http.Header
		code, msg  string
		retryable  bool
		retryAfter time.Duration
	}{
		{name: "another operation", status: 409, code: "AnotherOperationInProgress", msg: "Another operation on this or dependent resource is in progress.", retryable: true},
		{name: "another operation, with advice", status: 409, header: http.Header{"Retry-After": {"10"}}, code: "AnotherOperationInProgress", retryable: true, retryAfter: 10 * time.Second},
		{name: "parent being updated", status: 409, code: "Conflict", msg: "Operation on the parent resource is in progress.", retryable: true},
		{name: "request conflict", status: 409, code: "RequestConflict", msg: "Another operation is being performed on the parent resource. Please try again later.", retryable: true},
		{name: "operation not allowed while busy", status: 409, code: "OperationNotAllowed", msg: "Operation is not allowed because another operation is in progress on the server.", retryable: true},
		{name: "if-match lost to a concurrent write", status: 412, code: "PreconditionFailed", msg: "The If-Match etag does not match.", retryable: true},
		{name: "group being deleted", status: 409, code: "ResourceGroupBeingDeleted", msg: "The resource group 'rg' is in deprovisioning state.", retryable: true, retryAfter: SlowRetryDelay},
		{name: "group being deleted, longer advice", status: 409, header: http.Header{"Retry-After": {"90"}}, code: "ResourceGroupBeingDeleted", retryable: true, retryAfter: 90 * time.Second},
		{name: "unknown conflict", status: 409, code: "SomethingNewInConflict", msg: "?", retryable: true, retryAfter: SlowRetryDelay},
		{name: "storage name taken", status: 409, code: "StorageAccountAlreadyTaken", msg: "The storage account named x is already taken."},
		{name: "vault name taken", status: 409, code: "VaultAlreadyExists", msg: "The vault name 'kv' is already in use."},
		{name: "namespace name taken", status: 409, code: "NamespaceNameAlreadyInUse", msg: "taken"},
		{name: "lock", status: 409, code: "ScopeLocked", msg: "The scope '/subscriptions/s/resourceGroups/rg' cannot perform write operation because following scope(s) are locked."},
		{name: "quota", status: 409, code: "ResourceQuotaExceeded", msg: "The resource quota was exceeded."},
		{name: "quota as operation not allowed", status: 409, code: "OperationNotAllowed", msg: "Operation could not be completed as it results in exceeding approved Total Regional Cores quota."},
		{name: "missing registration", status: 409, code: "MissingSubscriptionRegistration", msg: "The subscription is not registered to use namespace 'Microsoft.Widgets'."},
		{name: "read-only subscription", status: 409, code: "ReadOnlyDisabledSubscription", msg: "The subscription is disabled."},
		{name: "operation ended Failed on a lock", status: 200, code: "ScopeLocked", msg: "locked"},
		{name: "operation ended Failed, busy", status: 200, code: "AnotherOperationInProgress", msg: "busy", retryable: true},
		{name: "throttling is no conflict", status: 429, header: http.Header{"Retry-After": {"7"}}, code: "TooManyRequests", retryable: true, retryAfter: 7 * time.Second},
		{name: "validation is no conflict", status: 400, code: "InvalidRequestContent", msg: "bad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := `{"error":{"code":"` + c.code + `","message":"` + c.msg + `"}}`
			if c.status == 200 {
				body = `{"status":"Failed","error":{"code":"` + c.code + `","message":"` + c.msg + `"}}`
			}
			e := Classify(armAnswer(c.status, c.header, body))
			if e.Code != c.code || e.Retryable != c.retryable || e.RetryAfter != c.retryAfter {
				t.Errorf("got code %s retryable %v retryAfter %s, want %s %v %s", e.Code, e.Retryable, e.RetryAfter, c.code, c.retryable, c.retryAfter)
			}
		})
	}
}

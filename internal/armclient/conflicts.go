package armclient

import (
	"net/http"
	"strings"
	"time"
)

// ARM answers 409 Conflict for two different things: the resource (or its parent, or its
// group) is busy with something else and the same request will pass once that ends; or Azure
// refuses the request for a reason that lasts until someone acts (the name is taken, a lock
// forbids writes, a quota is used up, the subscription is not registered for the provider).
// Retrying the first kind is right; retrying the second sends a full PUT per backoff for
// nothing, against ARM's write limits. Sources for the codes: ARM's documented deployment
// errors (learn.microsoft.com, azure-resource-manager/troubleshooting/common-deployment-errors)
// and the codes services return for them.

// SlowRetryDelay is the least wait before trying again after a refusal that passes only
// slowly: a resource group being deleted (which can take many minutes, and ends in the group
// being gone), or a conflict whose code we do not know.
const SlowRetryDelay = time.Minute

// busyCodes pass once the operation in the way ends: the parent being updated, another write
// to the same resource, a duplicated operation.
var busyCodes = map[string]bool{
	"AnotherOperationInProgress":   true,
	"Conflict":                     true,
	"RequestConflict":              true,
	"OperationDuplicationConflict": true,
	"ConcurrentRequestConflict":    true,
	"RetryableError":               true,
	// 412 to an If-Match: the resource changed since it was read; read it again and retry.
	"PreconditionFailed": true,
}

// slowCodes pass, but not soon.
var slowCodes = map[string]bool{
	"ResourceGroupBeingDeleted": true,
}

// refusedCodes last until someone acts: change the spec (another name, a smaller size) or
// Azure (remove the lock, raise the quota, register the provider).
var refusedCodes = map[string]bool{
	"ScopeLocked":                          true,
	"ResourceQuotaExceeded":                true,
	"QuotaExceeded":                        true,
	"OperationNotAllowed":                  true,
	"MissingSubscriptionRegistration":      true,
	"SubscriptionNotRegistered":            true,
	"MissingRegistrationForLocation":       true,
	"NoRegisteredProviderFound":            true,
	"InvalidSubscriptionRegistrationState": true,
	"ReadOnlyDisabledSubscription":         true,
	"DisallowedOperation":                  true,
	"RequestDisallowedByPolicy":            true,
	"ResourceGroupDeletionBlocked":         true,
	"PropertyChangeNotAllowed":             true,
}

// takenNameSuffixes end the codes services give a name someone else holds, globally or in
// another group (StorageAccountAlreadyTaken, VaultAlreadyExists, NamespaceNameAlreadyInUse,
// DomainNameNotAvailable): a new PUT of the same name cannot pass.
var takenNameSuffixes = []string{"AlreadyTaken", "AlreadyExists", "AlreadyInUse", "NameNotAvailable", "NameUnavailable", "NameInUse"}

// busyWords, in the message of OperationNotAllowed, say the refusal is about an operation in
// progress rather than a quota: some services use that code for both.
var busyWords = []string{"in progress", "another operation", "currently being", "is busy", "try again later"}

// conflictKind is how to retry a refusal.
type conflictKind int

const (
	conflictUnknown conflictKind = iota // not a code of this table
	conflictBusy                        // retry with the usual backoff, honouring Retry-After
	conflictSlow                        // retry, waiting at least SlowRetryDelay
	conflictRefused                     // do not retry until the request changes
)

// classifyConflict places an ARM code (and, for codes used both ways, its message) in the
// table above. It does not depend on the status: a long-running operation that ends Failed
// carries the code of a 409 with the status of the poll.
func classifyConflict(code, message string) conflictKind {
	switch {
	case code == "OperationNotAllowed" && containsAny(strings.ToLower(message), busyWords):
		return conflictBusy
	case refusedCodes[code]:
		return conflictRefused
	case busyCodes[code]:
		return conflictBusy
	case slowCodes[code]:
		return conflictSlow
	}
	for _, s := range takenNameSuffixes {
		if strings.HasSuffix(code, s) {
			return conflictRefused
		}
	}
	return conflictUnknown
}

// applyConflict sets e.Retryable and e.RetryAfter for a code of the table, or for any 409:
// one whose code is unknown is retried, slowly, rather than given up on or hammered.
func applyConflict(e *Error) {
	kind := classifyConflict(e.Code, e.Message)
	if kind == conflictUnknown && e.StatusCode == http.StatusConflict {
		kind = conflictSlow
	}
	switch kind {
	case conflictBusy:
		e.Retryable = true
	case conflictSlow:
		e.Retryable = true
		e.RetryAfter = max(e.RetryAfter, SlowRetryDelay)
	case conflictRefused:
		e.Retryable = false
	}
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

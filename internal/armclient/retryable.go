package armclient

import "net/http"

// transientCodes are ARM codes that pass by themselves, whatever the status they come with:
// the parent being created alongside, another operation finishing.
var transientCodes = map[string]bool{
	"ResourceGroupNotFound":      true,
	"ParentResourceNotFound":     true,
	"AnotherOperationInProgress": true,
	"RetryableError":             true,
	"InternalServerError":        true,
	"ServiceUnavailable":         true,
	"GatewayTimeout":             true,
	"TooManyRequests":            true,
}

// fatalCodes are ARM codes that retrying cannot fix, including when a long-running operation
// ends with them (its status code says nothing then).
var fatalCodes = map[string]bool{
	"InvalidRequestContent":               true,
	"InvalidRequestFormat":                true,
	"InvalidParameter":                    true,
	"InvalidTemplate":                     true,
	"BadRequest":                          true,
	"InvalidResourceReference":            true,
	"InvalidApiVersionParameter":          true,
	"LocationNotAvailableForResourceType": true,
	"SkuNotAvailable":                     true,
	"AuthorizationFailed":                 true,
	"LinkedAuthorizationFailed":           true,
	"MissingSubscriptionRegistration":     true,
}

// retryable decides whether the same request can succeed later. The code wins over the status
// where we know it; otherwise 408, 409, 429 and 5xx can pass and other 4xx cannot. Conflicts
// are then refined by their code (applyConflict). A failed
// long-running operation with an unknown code (a 2xx status) counts as retryable: it is
// usually a state of Azure (a resource in use, a capacity shortage) rather than of the request.
func retryable(status int, code string) bool {
	if transientCodes[code] {
		return true
	}
	if fatalCodes[code] {
		return false
	}
	switch {
	case transientStatus(status), status == http.StatusConflict:
		return true
	case status >= 400:
		return false
	default:
		return true
	}
}

// transientStatus: a timeout, throttling or a server error.
func transientStatus(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusTooManyRequests || status >= 500
}

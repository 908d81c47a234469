package armclient

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// CodeRequestTimeout is an ARM call that got no answer within the client's RequestTimeout: a
// stalled connection, or an endpoint that accepts and never answers.
const CodeRequestTimeout = "RequestTimeout"

// errRequestTimeout is the cause of a context the client's own timer ended, which tells it
// from a deadline of the caller's (a reconcile's) or a cancellation.
var errRequestTimeout = errors.New("armclient: request timeout")

// bounded derives the context of one call: it ends after the client's timeout, so that no
// request, retries and token included, holds the caller (a reconcile worker) longer.
func (c *Client) bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, c.timeout, errRequestTimeout)
}

// timedOut turns err into a CodeRequestTimeout *Error when the client's own timer ended ctx,
// naming the request by method and resource type (never its URL; an empty path is a poll);
// other errors pass as they are.
func (c *Client) timedOut(ctx context.Context, method, path string, err error) error {
	if !errors.Is(context.Cause(ctx), errRequestTimeout) {
		return err
	}
	what := "polling a long-running operation"
	if path != "" {
		what = strings.ToUpper(method) + " " + ResourceType(method, path)
	}
	return &Error{
		Code:      CodeRequestTimeout,
		Message:   fmt.Sprintf("%s: no answer from Azure Resource Manager within %s (ARM_REQUEST_TIMEOUT)", what, c.timeout),
		Retryable: true,
		cause:     err,
	}
}

// isTimeout says err is the client's own timeout.
func isTimeout(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == CodeRequestTimeout
}

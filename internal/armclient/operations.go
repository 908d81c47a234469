package armclient

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// BeginCreateOrUpdate PUTs body to the resource id. The poller it returns is already done when
// ARM answered synchronously; otherwise poll it, or keep its resume token and poll later.
func (c *Client) BeginCreateOrUpdate(ctx context.Context, id, apiVersion string, body any) (*Poller, error) {
	return c.BeginCreateOrUpdateIfMatch(ctx, id, apiVersion, body, "")
}

// BeginDelete DELETEs the resource id. A resource that is already gone counts as deleted: the
// poller is done, without error.
func (c *Client) BeginDelete(ctx context.Context, id, apiVersion string) (*Poller, error) {
	resp, err := c.send(ctx, http.MethodDelete, id, apiVersion, nil)
	if err != nil {
		return nil, Classify(err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return finishedPoller(opDelete), nil
	}
	if !runtime.HasStatusCode(resp, http.StatusOK, http.StatusAccepted, http.StatusNoContent) {
		return nil, Classify(runtime.NewResponseError(resp))
	}
	return c.startPoller(ctx, resp, opDelete)
}

// ResumeCreateOrUpdate rebuilds the poller of a PUT from its resume token, in this or another
// client or process.
func (c *Client) ResumeCreateOrUpdate(ctx context.Context, token string) (*Poller, error) {
	return c.resume(token, opCreateOrUpdate)
}

// ResumeDelete rebuilds the poller of a DELETE from its resume token.
func (c *Client) ResumeDelete(ctx context.Context, token string) (*Poller, error) {
	return c.resume(token, opDelete)
}

// GetByID GETs the resource id and decodes it into into (a pointer, or a *json.RawMessage to
// keep the bytes). When the resource does not exist, IsNotFound(err) is true.
func (c *Client) GetByID(ctx context.Context, id, apiVersion string, into any) error {
	resp, err := c.send(ctx, http.MethodGet, id, apiVersion, nil)
	if err != nil {
		return Classify(err)
	}
	if !runtime.HasStatusCode(resp, http.StatusOK) {
		return Classify(runtime.NewResponseError(resp))
	}
	return decode(resp, into)
}

// PostAction POSTs body to an action of the resource id (listKeys, regenerateKey, ...) and
// decodes the answer into into. An action ARM runs as a long-running operation is polled to the
// end within ctx, honouring Retry-After: actions are rare and short, and their answer (keys) is
// what the caller is waiting for.
func (c *Client) PostAction(ctx context.Context, id, action, apiVersion string, body any, into any) error {
	resp, err := c.send(ctx, http.MethodPost, id+"/"+action, apiVersion, body)
	if err != nil {
		return Classify(err)
	}
	if !runtime.HasStatusCode(resp, http.StatusOK, http.StatusCreated, http.StatusAccepted, http.StatusNoContent) {
		return Classify(runtime.NewResponseError(resp))
	}
	if resp.StatusCode != http.StatusAccepted {
		return decode(resp, into)
	}
	p, err := c.startPoller(ctx, resp, opAction)
	if err != nil {
		return err
	}
	for !p.Done() {
		wait := p.RetryAfter()
		if wait <= 0 {
			wait = defaultActionPoll
		}
		select {
		case <-ctx.Done():
			return Classify(ctx.Err())
		case <-time.After(wait):
		}
		if _, _, err := p.Poll(ctx); err != nil && !p.Done() && !isRetryable(err) {
			return err
		}
	}
	return p.Result(into)
}

// defaultActionPoll is the poll interval of an action whose answer gave no Retry-After.
const defaultActionPoll = 5 * time.Second

func isRetryable(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Retryable
}

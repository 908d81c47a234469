package armclient

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// A PUT built from what a GET read (a parent carrying the embedded children Azure held) must
// not overwrite a change made since that GET: it is sent with If-Match on the etag the GET
// saw, and ARM answers 412 Precondition Failed when the resource has changed meanwhile.

// GetWithETag is GetByID that also returns the resource's etag: the ETag header, else the
// etag property of the body (ARM puts it in either, or both); empty when the type has none.
func (c *Client) GetWithETag(ctx context.Context, id, apiVersion string, into any) (string, error) {
	resp, err := c.send(ctx, http.MethodGet, id, apiVersion, nil)
	if err != nil {
		return "", Classify(err)
	}
	if !runtime.HasStatusCode(resp, http.StatusOK) {
		return "", Classify(runtime.NewResponseError(resp))
	}
	if err := decode(resp, into); err != nil {
		return "", err
	}
	if etag := resp.Header.Get("ETag"); etag != "" {
		return etag, nil
	}
	data, err := runtime.Payload(resp)
	if err != nil {
		return "", err
	}
	var body struct {
		ETag string `json:"etag"`
	}
	_ = json.Unmarshal(data, &body) // decode above has read it already
	return body.ETag, nil
}

// BeginCreateOrUpdateIfMatch is BeginCreateOrUpdate sent only if the resource's etag is still
// etag (no condition when etag is empty). IsPreconditionFailed(err) says it was not.
func (c *Client) BeginCreateOrUpdateIfMatch(ctx context.Context, id, apiVersion string, body any, etag string) (*Poller, error) {
	resp, err := c.sendIf(ctx, http.MethodPut, id, apiVersion, body, etag)
	if err != nil {
		return nil, Classify(err)
	}
	if !runtime.HasStatusCode(resp, http.StatusOK, http.StatusCreated, http.StatusAccepted) {
		return nil, Classify(runtime.NewResponseError(resp))
	}
	return c.startPoller(ctx, resp, opCreateOrUpdate)
}

// IsPreconditionFailed reports ARM's 412: the etag of an If-Match no longer matches.
func IsPreconditionFailed(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return e.StatusCode == http.StatusPreconditionFailed
	}
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed
}

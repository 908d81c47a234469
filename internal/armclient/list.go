package armclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// maxListPages bounds how many pages one List follows: a service that answers every page with a
// nextLink (a bug ARM has had) would otherwise keep a caller looping for ever.
const maxListPages = 10000

// listPage is one page of an ARM list answer.
type listPage struct {
	Value    []json.RawMessage `json:"value"`
	NextLink *string           `json:"nextLink"`
}

// List GETs a collection (a child collection such as {vnet ID}/subnets, a resource type in a
// scope, or a resource group's generic {group ID}/resources) and returns every item, following
// nextLink from page to page. Each item is kept as the JSON ARM sent.
func (c *Client) List(ctx context.Context, collectionID, apiVersion string) ([]json.RawMessage, error) {
	u, err := c.url(collectionID, apiVersion)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	for page := 0; u != ""; page++ {
		if page == maxListPages {
			return nil, fmt.Errorf("armclient: listing %s: more than %d pages", collectionID, maxListPages)
		}
		resp, err := c.get(ctx, u)
		if err != nil {
			return nil, Classify(err)
		}
		if !runtime.HasStatusCode(resp, http.StatusOK) {
			return nil, Classify(runtime.NewResponseError(resp))
		}
		var p listPage
		if err := decode(resp, &p); err != nil {
			return nil, err
		}
		items = append(items, p.Value...)
		u = ""
		if p.NextLink != nil && *p.NextLink != "" {
			if u, err = c.sameEndpoint(*p.NextLink); err != nil {
				return nil, fmt.Errorf("armclient: listing %s: %w", collectionID, err)
			}
		}
	}
	return items, nil
}

// get sends a GET to a full URL (a nextLink keeps its own query: api-version, skip tokens),
// each page bounded by the client's timeout.
func (c *Client) get(ctx context.Context, u string) (*http.Response, error) {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	req, err := runtime.NewRequest(ctx, http.MethodGet, u)
	if err != nil {
		return nil, err
	}
	req.Raw().Header.Set("Accept", "application/json")
	resp, err := c.pipeline.Do(req)
	if err != nil {
		return nil, c.timedOut(ctx, http.MethodGet, req.Raw().URL.Path, err)
	}
	return resp, nil
}

// sameEndpoint checks that a nextLink points at the ARM endpoint the client talks to: the
// pipeline sends the bearer token with every request, and it must not go anywhere else.
func (c *Client) sameEndpoint(link string) (string, error) {
	next, err := url.Parse(link)
	if err != nil {
		return "", fmt.Errorf("nextLink %q: %w", link, err)
	}
	base, err := url.Parse(c.endpoint)
	if err != nil {
		return "", err
	}
	if !strings.EqualFold(next.Scheme, base.Scheme) || !strings.EqualFold(next.Host, base.Host) {
		return "", fmt.Errorf("nextLink %s://%s is not the ARM endpoint %s://%s", next.Scheme, next.Host, base.Scheme, base.Host)
	}
	return next.String(), nil
}

package armclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
)

// operation is what a poller waits for; it decides what a 404 means.
type operation int

const (
	opCreateOrUpdate operation = iota
	opDelete
	opAction
)

// Poller follows one long-running operation (or a synchronous answer, already done). It is not
// safe for concurrent use, like the azcore poller it wraps.
type Poller struct {
	inner      *runtime.Poller[json.RawMessage]
	client     *Client
	op         operation
	done       bool
	result     json.RawMessage
	err        error
	retryAfter time.Duration
	// last is the latest answer the operation got (the request, the first poll, each poll,
	// the final GET azcore makes of the outcome): what result was read from, once done.
	last *http.Response
}

func finishedPoller(op operation) *Poller {
	return &Poller{op: op, done: true}
}

func (c *Client) startPoller(ctx context.Context, resp *http.Response, op operation) (*Poller, error) {
	if resp.StatusCode != http.StatusAccepted {
		// Under ARM's rules only a 202 Accepted is followed through its Location. On a 200 or
		// 201 a Location names the resource the request made (a managed identity's PUT answers
		// 201 with the identity's path there, relative): azcore would poll it as an operation,
		// or refuse it for want of a host. The answer's body, or its Azure-AsyncOperation, is
		// what says whether the operation goes on.
		resp.Header.Del("Location")
	}
	inner, err := runtime.NewPoller[json.RawMessage](resp, c.pipeline, nil)
	if err != nil {
		return nil, Classify(err)
	}
	p := &Poller{inner: inner, client: c, op: op, retryAfter: retryAfter(resp), last: resp}
	if inner.Done() {
		// A synchronous answer: settle now, so the caller sees Done without another call.
		if _, err := p.settle(ctx); err != nil && !p.done {
			return nil, err
		}
	}
	return p, nil
}

func (c *Client) resume(token string, op operation) (*Poller, error) {
	if token == "" {
		return nil, errors.New("armclient: empty resume token")
	}
	inner, err := runtime.NewPollerFromResumeToken[json.RawMessage](token, c.pipeline, nil)
	if err != nil {
		return nil, fmt.Errorf("armclient: resuming a long-running operation: %w", err)
	}
	return &Poller{inner: inner, client: c, op: op}, nil
}

// Done reports whether the operation has finished, successfully or not.
func (p *Poller) Done() bool { return p.done }

// RetryAfter is how long ARM asked the caller to wait before the next poll (zero when it gave
// no advice).
func (p *Poller) RetryAfter() time.Duration { return p.retryAfter }

// Poll makes one poll request. done reports whether the operation has finished; err is then
// its outcome (a *Error carrying ARM's code when the operation failed). When not done,
// wait is ARM's advice on when to poll again, and a non-nil err is a failed poll (the
// pipeline has already retried it) after which polling again later may still succeed.
// Polling a finished operation makes no request and repeats its outcome.
func (p *Poller) Poll(ctx context.Context) (done bool, wait time.Duration, err error) {
	if p.done {
		return true, 0, p.err
	}
	pctx, cancel := p.client.bounded(ctx)
	defer cancel()
	resp, err := p.inner.Poll(pctx)
	if err != nil {
		err = p.client.timedOut(pctx, http.MethodGet, "", err)
		if p.op == opDelete && IsNotFound(err) {
			// The resource went while we were looking: that is what a delete wants.
			p.done = true
			return true, 0, nil
		}
		e := Classify(err)
		return false, e.RetryAfter, e
	}
	p.retryAfter = retryAfter(resp)
	p.last = resp
	if !p.inner.Done() {
		return false, p.retryAfter, nil
	}
	done, err = p.settle(ctx)
	if !done {
		return false, p.retryAfter, err
	}
	return true, 0, p.err
}

// settle fetches the outcome of a finished operation (for a PUT, azcore may GET the resource
// once more). done is false when that fetch failed in a way worth retrying.
func (p *Poller) settle(ctx context.Context) (done bool, err error) {
	ctx, cancel := p.client.bounded(ctx)
	defer cancel()
	// A final GET azcore makes of the outcome is its last answer.
	var final *http.Response
	res, err := p.inner.Result(policy.WithCaptureResponse(ctx, &final))
	if final != nil {
		p.last = final
	}
	if err != nil {
		err = p.client.timedOut(ctx, http.MethodGet, "", err)
		if isTimeout(err) {
			// No answer about the outcome is not an outcome: poll again later.
			return false, err
		}
		if p.op == opDelete && IsNotFound(err) {
			p.done = true
			return true, nil
		}
		e := Classify(err)
		var re *azcore.ResponseError
		if errors.As(err, &re) && transientStatus(re.StatusCode) {
			// The GET of the outcome failed, not the operation: azcore keeps the poller
			// unfinished, and so do we.
			return false, e
		}
		p.done, p.err = true, e
		return true, e
	}
	p.done, p.result = true, res
	return true, nil
}

// ReadBack is the final body of a PUT that succeeded when that body is what a GET of id at
// apiVersion answers now: the operation's last answer was a 200 to that very request (azcore's
// final GET after an Azure-AsyncOperation, or the last poll of a resource whose PUT answered
// with a provisioningState still running). Then the caller has Azure's view of the resource
// after the operation already, and a GET of its own would ask the same question again. A
// synchronous answer to the PUT itself is not a GET's (Azure may leave out of it what a GET
// shows), nor is an operation result read through Location: ok is false for those.
func (p *Poller) ReadBack(id, apiVersion string) (body json.RawMessage, ok bool) {
	if !p.done || p.err != nil || p.op != opCreateOrUpdate || len(p.result) == 0 || p.last == nil || p.last.Request == nil {
		return nil, false
	}
	if p.last.Request.Method != http.MethodGet || p.last.StatusCode != http.StatusOK {
		return nil, false
	}
	want, err := p.client.url(id, apiVersion)
	if err != nil {
		return nil, false
	}
	u, err := url.Parse(want)
	if err != nil {
		return nil, false
	}
	got := p.last.Request.URL
	if got.Scheme != u.Scheme || got.Host != u.Host || got.EscapedPath() != u.EscapedPath() || got.RawQuery != u.RawQuery {
		return nil, false
	}
	return p.result, true
}

// ResumeToken is the state of an unfinished operation, to be kept (in an annotation) and given
// to ResumeCreateOrUpdate or ResumeDelete later. A finished operation has nothing to resume.
func (p *Poller) ResumeToken() (string, error) {
	if p.done {
		return "", errors.New("armclient: the operation has finished; there is nothing to resume")
	}
	return p.inner.ResumeToken()
}

// Result decodes the final body of a finished operation into into (for a PUT, the resource as
// ARM holds it). It returns the operation's error if it failed, and leaves into untouched when
// ARM sent no body.
func (p *Poller) Result(into any) error {
	if !p.done {
		return errors.New("armclient: the operation has not finished")
	}
	if p.err != nil {
		return p.err
	}
	if into == nil || len(p.result) == 0 {
		return nil
	}
	if raw, ok := into.(*json.RawMessage); ok {
		*raw = append((*raw)[:0], p.result...)
		return nil
	}
	return json.Unmarshal(p.result, into)
}

package armclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Codes for failures that came without an ARM code of their own.
const (
	CodeNetworkError          = "NetworkError"
	CodeCanceled              = "Canceled"
	CodeAuthenticationFailed  = "AuthenticationFailed"
	CodeCredentialUnavailable = "CredentialUnavailable"
	CodeUnknown               = "UnknownError"
	// CodeForeignEndpoint: a request (a poll of a resume token, a Location ARM gave) named a
	// host other than the ARM endpoint, and was not sent: it would carry the bearer token.
	CodeForeignEndpoint = "ForeignEndpoint"
	// CodeOperationFailed is a long-running operation that failed without saying why.
	CodeOperationFailed = "OperationFailed"
)

// Error is a failed ARM request or operation, reduced to what a Ready condition shows: ARM's
// code and message, and whether trying again can help. It deliberately holds no URL, header or
// request body: those are where tokens and secret values live.
type Error struct {
	// Code is ARM's error code (InvalidRequestContent, ResourceGroupNotFound, ...), or one of the
	// Code constants when the request never got an ARM answer.
	Code string
	// Message is ARM's message, followed by the details ARM gave (target: message).
	Message string
	// StatusCode is the HTTP status of the answer; 0 when there was none. A long-running
	// operation that ended Failed carries the status of the poll that saw it, usually 200.
	StatusCode int
	// Retryable is true when the same request may succeed later without anyone changing it:
	// throttling, server errors, conflicts with operations in progress, network failures. A
	// conflict that lasts until someone acts (a taken name, a lock, a quota) is not: see
	// conflicts.go.
	Retryable bool
	// RetryAfter is ARM's advice on when to try again, when it gave one, or longer where the
	// code calls for patience (a resource group being deleted: see SlowRetryDelay).
	RetryAfter time.Duration

	cause error
}

func (e *Error) Error() string {
	status := "no answer"
	switch {
	case e.StatusCode >= 400:
		status = fmt.Sprintf("HTTP %d", e.StatusCode)
	case e.StatusCode > 0:
		status = "operation failed"
	}
	if e.Message == "" {
		return fmt.Sprintf("%s (%s)", e.Code, status)
	}
	return fmt.Sprintf("%s (%s): %s", e.Code, status, e.Message)
}

// Unwrap gives the underlying error (an *azcore.ResponseError, a network error, ...) to
// errors.Is and errors.As. Do not print it: azcore's text includes the request URL and body.
func (e *Error) Unwrap() error { return e.cause }

// Severity is the Ready condition severity this error calls for: Warning when retrying can
// help, Error when someone has to change something.
func (e *Error) Severity() conditions.ConditionSeverity {
	if e.Retryable {
		return conditions.ConditionSeverityWarning
	}
	return conditions.ConditionSeverityError
}

// Redact returns a copy of e with each of the values replaced in its message. ARM validation
// messages can quote the value they rejected; callers that sent secrets pass them here before
// the message reaches a condition, event or log.
func (e *Error) Redact(values ...string) *Error {
	c := *e
	for _, v := range values {
		if v != "" {
			c.Message = strings.ReplaceAll(c.Message, v, "[redacted]")
		}
	}
	return &c
}

// IsNotFound reports whether err is ARM's 404: the resource (or its group or parent) does not
// exist.
func IsNotFound(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return e.StatusCode == http.StatusNotFound
	}
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}

// Classify turns any error from a request into an *Error (nil stays nil; an *Error is returned
// as it is).
func Classify(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return fromResponse(re, err)
	}
	var afe *azidentity.AuthenticationFailedError
	if errors.As(err, &afe) {
		return fromAuthentication(afe, err)
	}
	// azidentity marks the errors of a credential that cannot even try (no token file, a
	// certificate it cannot read) as not worth retrying.
	var nr interface{ NonRetriable() }
	if errors.As(err, &nr) {
		return &Error{Code: CodeCredentialUnavailable, Message: firstLine(err.Error()), cause: err}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &Error{Code: CodeCanceled, Message: err.Error(), Retryable: true, cause: err}
	}
	var ue *url.Error
	var ne net.Error
	if errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		// No answer: a refused or reset connection, a TLS or DNS failure. Those pass.
		return &Error{Code: CodeNetworkError, Message: networkMessage(err), Retryable: true, cause: err}
	}
	// Something we did not foresee (an answer we could not read, say). Retrying costs little
	// and a Warning invites a look, where an Error would claim the user must act.
	return &Error{Code: CodeUnknown, Message: firstLine(err.Error()), Retryable: true, cause: err}
}

// networkMessage says what failed without the URL net/http puts in its errors: the resource
// type is enough to find the request, and the query is no business of a condition.
func networkMessage(err error) string {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return firstLine(err.Error())
	}
	what := strings.ToUpper(ue.Op)
	if u, perr := url.Parse(ue.URL); perr == nil {
		what += " " + ResourceType(what, u.Path)
	}
	return what + ": " + firstLine(ue.Err.Error())
}

func fromResponse(re *azcore.ResponseError, err error) *Error {
	e := &Error{Code: re.ErrorCode, StatusCode: re.StatusCode, cause: err}
	if re.RawResponse != nil {
		if body, perr := runtime.Payload(re.RawResponse); perr == nil {
			e.Code, e.Message = armMessage(body, e.Code)
		}
		e.RetryAfter = retryAfter(re.RawResponse)
	}
	if e.Code == "" && re.StatusCode < 400 {
		// A resource whose provisioningState ended Failed or Canceled, without an error body.
		e.Code = CodeOperationFailed
		if e.Message == "" {
			e.Message = "the long-running operation ended without success and ARM gave no error"
		}
	}
	if e.Code == "" {
		e.Code = http.StatusText(re.StatusCode)
		if e.Code == "" {
			e.Code = CodeUnknown
		}
		e.Code = strings.ReplaceAll(e.Code, " ", "")
	}
	e.Retryable = retryable(e.StatusCode, e.Code)
	applyConflict(e)
	return e
}

// armBody is ARM's error envelope, and the operation status of a long-running operation that
// failed, which nests the same error.
type armBody struct {
	Error *armErrorDetail `json:"error"`
}

type armErrorDetail struct {
	Code    string           `json:"code"`
	Message string           `json:"message"`
	Target  string           `json:"target"`
	Details []armErrorDetail `json:"details"`
}

// armMessage reads code and message from an ARM error body; the details matter as much as
// the message (InvalidRequestContent names each rejected property there).
func armMessage(body []byte, code string) (string, string) {
	var b armBody
	if json.Unmarshal(body, &b) != nil || b.Error == nil {
		return code, ""
	}
	if b.Error.Code != "" {
		code = b.Error.Code
	}
	parts := []string{b.Error.Message}
	for _, d := range b.Error.Details {
		part := d.Message
		if d.Target != "" {
			part = d.Target + ": " + part
		}
		if d.Code != "" && d.Code != code {
			part += " (" + d.Code + ")"
		}
		parts = append(parts, part)
	}
	return code, strings.Join(nonEmpty(parts), "; ")
}

// fromAuthentication reports a failed token request. Entra's answer says why (a wrong secret,
// an unknown client) without quoting the credential.
func fromAuthentication(afe *azidentity.AuthenticationFailedError, err error) *Error {
	e := &Error{Code: CodeAuthenticationFailed, Message: "could not get a token from Microsoft Entra", cause: err}
	if afe.RawResponse == nil {
		// No answer: the cause (a TLS or DNS failure) is on the lines after the first.
		e.Message += ": " + oneLine(afe.Error())
		e.Retryable = true
		return e
	}
	e.StatusCode = afe.RawResponse.StatusCode
	var body struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if data, perr := runtime.Payload(afe.RawResponse); perr == nil && json.Unmarshal(data, &body) == nil && body.Error != "" {
		e.Message += ": " + body.Error
		if body.Description != "" {
			e.Message += ": " + firstLine(body.Description)
		}
	}
	e.Retryable = transientStatus(e.StatusCode)
	return e
}

// oneLine folds a multi-line message into one line (conditions show one), bounded in length.
func oneLine(s string) string {
	var parts []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "---") {
			parts = append(parts, line)
		}
	}
	s = strings.Join(parts, " ")
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	return s
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

func nonEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

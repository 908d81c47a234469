package resolver

import (
	"errors"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Reasons the Ready condition reports while something a spec names cannot be found.
const (
	ReasonReferenceNotFound = "ReferenceNotFound"
	ReasonSecretNotFound    = "SecretNotFound"
	ReasonConfigMapNotFound = "ConfigMapNotFound"
	ReasonWaitingForOwner   = "WaitingForOwner"
)

// Error is something a spec names that is not there (yet), or may not be used.
type Error struct {
	Reason  string
	Message string
	// Fatal is set when waiting cannot help: the spec must change.
	Fatal bool
}

func (e *Error) Error() string { return e.Message }

// Severity is Warning while the missing thing may still appear, Error when the spec must change.
func (e *Error) Severity() conditions.ConditionSeverity {
	if e.Fatal {
		return conditions.ConditionSeverityError
	}
	return conditions.ConditionSeverityWarning
}

// AsError returns the resolver Error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

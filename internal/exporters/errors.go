package exporters

import (
	"errors"
	"regexp"
	"strings"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Reasons of the Ready condition when the resource is in Azure as asked but what it exports
// could not be written.
const (
	// ReasonInvalidExpression: a secretExpressions or configMapExpressions entry does not compile,
	// or gives what its destination cannot take (a map with a key, a string without one).
	ReasonInvalidExpression = "InvalidExpression"
	// ReasonExpressionFailed: an expression compiled but its evaluation failed (a property
	// not there yet, a failed conversion).
	ReasonExpressionFailed = "ExpressionFailed"
	// ReasonExportedValueNotFound: a value asked for in operatorSpec.secrets or configMaps is
	// not in Azure's answer.
	ReasonExportedValueNotFound = "ExportedValueNotFound"
	// ReasonExportActionFailed: the POST action that returns the values (listKeys, ...) failed.
	ReasonExportActionFailed = "ExportActionFailed"
	// ReasonDuplicateExportDestination: two destinations of the resource write the same key of
	// the same Secret or ConfigMap.
	ReasonDuplicateExportDestination = "DuplicateExportDestination"
	// ReasonInvalidExportDestination: a destination names a key a Secret or ConfigMap cannot
	// hold, or a value the kind does not export.
	ReasonInvalidExportDestination = "InvalidExportDestination"
	// ReasonSecretOwnedByAnotherResource, ReasonConfigMapOwnedByAnotherResource: the Secret or
	// ConfigMap to write is controlled by another object.
	ReasonSecretOwnedByAnotherResource    = "SecretOwnedByAnotherResource"
	ReasonConfigMapOwnedByAnotherResource = "ConfigMapOwnedByAnotherResource"
	// ReasonSecretAlreadyExists, ReasonConfigMapAlreadyExists: the Secret or ConfigMap to write
	// exists and no object controls it (someone made it by hand).
	ReasonSecretAlreadyExists    = "SecretAlreadyExists"
	ReasonConfigMapAlreadyExists = "ConfigMapAlreadyExists"
)

var reasons = map[string]bool{
	ReasonInvalidExpression:               true,
	ReasonExpressionFailed:                true,
	ReasonExportedValueNotFound:           true,
	ReasonExportActionFailed:              true,
	ReasonDuplicateExportDestination:      true,
	ReasonInvalidExportDestination:        true,
	ReasonSecretOwnedByAnotherResource:    true,
	ReasonConfigMapOwnedByAnotherResource: true,
	ReasonSecretAlreadyExists:             true,
	ReasonConfigMapAlreadyExists:          true,
}

// IsReason says whether reason is one of the exporters': the resource reached Azure as its spec
// asks, and only the export failed, so trying again needs no PUT.
func IsReason(reason string) bool { return reasons[reason] }

// Error is why a resource's exports could not be written. Its message names the entry, the
// destination or the object in the way, never a value.
type Error struct {
	Reason  string
	Message string
	// Fatal is set when only a change of the spec can help.
	Fatal bool
	// cause is the error behind it, if any (a failed POST action).
	cause error
}

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.cause }

// Severity is Error when the spec must change, else Warning: fixing what is missing, or a
// resync, makes the resource Ready without a restart.
func (e *Error) Severity() conditions.ConditionSeverity {
	if e.Fatal {
		return conditions.ConditionSeverityError
	}
	return conditions.ConditionSeverityWarning
}

// AsError returns the exporters' Error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

var quoted = regexp.MustCompile(`"[^"]*"`)

// redact keeps secret values out of a message about a secret expression: an evaluation error
// may quote the text it failed on (a pattern, a parse), which may be a secret or part of one.
// Every value is masked, and so is anything in double quotes (Go quotes the text it failed on;
// CEL names types in single quotes, which stay).
func redact(message string, values map[string]string) string {
	return quoted.ReplaceAllString(redactValues(message, values), `"<redacted>"`)
}

// redactValues masks every value in message.
func redactValues(message string, values map[string]string) string {
	for _, v := range values {
		// Values of a character or two (a flag) would garble the message more than they hide.
		if len(v) > 2 {
			message = strings.ReplaceAll(message, v, "<redacted>")
		}
	}
	return message
}

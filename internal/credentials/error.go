package credentials

import (
	"errors"

	"k8s.io/apimachinery/pkg/types"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Reasons, for the Ready condition of a resource that could not get a credential.
const (
	// ReasonSecretNotFound: the Secret named by the credential-from annotation does not exist.
	ReasonSecretNotFound = "SecretNotFound"
	// ReasonCredentialNotFound: no annotation, no aso-credential Secret and no global credential.
	ReasonCredentialNotFound = "CredentialNotFound"
	// ReasonInvalidCredential: the Secret lacks a key, or holds one that cannot be used.
	ReasonInvalidCredential = "InvalidCredential"
	// ReasonSubscriptionMismatch: an ARM ID lies outside the credential's subscription.
	ReasonSubscriptionMismatch = "SubscriptionMismatch"
	// ReasonCredentialWithdrawn: the Secret a resource acted with is gone, and the only
	// credential left is the global one, which it must not take without being told to.
	ReasonCredentialWithdrawn = "CredentialWithdrawn"
	// ReasonInvalidResourceID: an ARM ID does not parse, so what it reaches cannot be checked.
	ReasonInvalidResourceID = "InvalidResourceID"
)

// Error is a credential that could not be had or used. Its message names the Secret and the
// key at fault, never a value.
type Error struct {
	Reason string
	// Secret is the Secret at fault (empty for the environment and for CredentialNotFound).
	Secret types.NamespacedName
	// Key is the key at fault, when one is.
	Key string

	message string
	cause   error
}

func (e *Error) Error() string { return e.message }

func (e *Error) Unwrap() error { return e.cause }

// Severity is the Ready condition severity: Warning for what creating a Secret fixes (the
// operator retries and will find it), Error for what someone must correct.
func (e *Error) Severity() conditions.ConditionSeverity {
	switch e.Reason {
	case ReasonSecretNotFound, ReasonCredentialNotFound, ReasonCredentialWithdrawn:
		return conditions.ConditionSeverityWarning
	}
	return conditions.ConditionSeverityError
}

// ReasonOf is the Reason of the *Error in err's chain, or "" when there is none.
func ReasonOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

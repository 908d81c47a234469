package conditions

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ConditionType: The aspect of a resource's state that a Condition describes.
type ConditionType string

// ConditionTypeReady is the condition that summarises whether a resource matches its spec in Azure.
const ConditionTypeReady ConditionType = "Ready"

// ConditionSeverity: How serious a Condition that is not True is.
type ConditionSeverity string

const (
	// ConditionSeverityError means the resource cannot make progress without the user acting.
	ConditionSeverityError ConditionSeverity = "Error"
	// ConditionSeverityWarning means something is wrong but may resolve without the user acting.
	ConditionSeverityWarning ConditionSeverity = "Warning"
	// ConditionSeverityInfo means the condition is not True only because work is still under way.
	ConditionSeverityInfo ConditionSeverity = "Info"
	// ConditionSeverityNone is used when the condition is True, where severity has no meaning.
	ConditionSeverityNone ConditionSeverity = ""
)

// Condition: An observation of one aspect of the state of a resource.
type Condition struct {
	// Type: The aspect of the resource this condition describes, such as Ready.
	// +kubebuilder:validation:Required
	Type ConditionType `json:"type"`

	// Status: Whether the condition holds: True, False or Unknown.
	// +kubebuilder:validation:Required
	Status metav1.ConditionStatus `json:"status"`

	// Severity: How serious the condition is when Status is not True; empty when Status is True.
	Severity ConditionSeverity `json:"severity,omitempty"`

	// LastTransitionTime: When Status last changed.
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`

	// ObservedGeneration: The metadata.generation of the resource that this condition was computed from.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Reason: A CamelCase code giving the cause of the last transition, meant for programs.
	Reason string `json:"reason,omitempty"`

	// Message: A human readable explanation of the last transition.
	Message string `json:"message,omitempty"`
}

// NewReady builds a Ready condition.
// LastTransitionTime is left zero on purpose: Conditions.Set decides it, because only Set knows whether Status changed.
// Severity is explicit because a False Ready can mean "still working" (Info) just as well as "failed" (Error).
func NewReady(status metav1.ConditionStatus, severity ConditionSeverity, reason, message string, generation int64) Condition {
	return Condition{
		Type:               ConditionTypeReady,
		Status:             status,
		Severity:           severity,
		ObservedGeneration: generation,
		Reason:             reason,
		Message:            message,
	}
}

package genruntime

const (
	// ResourceIDAnnotation records the ARM ID of the Azure resource once known, so that later reconciles and users need not rebuild it.
	ResourceIDAnnotation = "serviceoperator.azure.com/resource-id"

	// CredentialFromAnnotation names the Secret holding the Azure credential to use instead of the operator's default one.
	CredentialFromAnnotation = "serviceoperator.azure.com/credential-from"

	// CredentialUsedAnnotation records the credential the resource was claimed with (the
	// Secret's namespace/name, or "global"), so that a resource that acted with its own or its
	// namespace's credential never falls back silently to the global one when that Secret goes.
	CredentialUsedAnnotation = "serviceoperator.azure.com/credential-used"

	// Finalizer holds deletion of a Kubernetes resource until the operator has dealt with the Azure resource behind it.
	Finalizer = "serviceoperator.azure.com/finalizer"
)

const (
	// PollerResumeTokenAnnotation holds the resume token of a long-running ARM operation in
	// flight, so that an operator restarted before it ends polls it instead of sending it again.
	PollerResumeTokenAnnotation = "serviceoperator.azure.com/poller-resume-token"

	// PollerOperationAnnotation says which operation the resume token belongs to (PUT or DELETE).
	PollerOperationAnnotation = "serviceoperator.azure.com/poller-operation"
)

// AppliedInputsAnnotation records the Secrets and ConfigMaps the last PUT read values from, each
// with its resourceVersion ("ConfigMap/ids=12,Secret/admin=4711"), never a value: when one has
// changed since, the operator sends the PUT again, although a GET cannot show the difference
// (Azure does not return passwords).
const AppliedInputsAnnotation = "serviceoperator.azure.com/applied-inputs"

const (
	// PollerSentAnnotation records, beside the resume token, what the operation in flight was
	// sent with (an OperationRecord): for a PUT, the generation and the digest of the resolved
	// inputs, so that when it ends the operator knows whether it carried the spec of now; for
	// any operation, when it began, so that one older than a bound is given up.
	PollerSentAnnotation = "serviceoperator.azure.com/poller-sent"

	// AppliedAnnotation records what the last PUT Azure completed carried (an OperationRecord):
	// the resource is in Azure at that generation with those inputs, whatever its Ready
	// condition says since (a throttled read turns it not Ready without undoing that).
	AppliedAnnotation = "serviceoperator.azure.com/applied"
)

// DriftBaselineAnnotation records what Azure held right after the last PUT it completed, for
// the values that PUT sent where Azure answered something else (a service default, a version it
// completed, a casing of its own): hashes salted with the object's UID, never values, at most
// 8 KiB, values read from Secrets left out. A resync compares Azure's answer with it, so what
// Azure itself changed is not taken for drift. Absent when Azure held everything as sent.
const DriftBaselineAnnotation = "serviceoperator.azure.com/drift-baseline"

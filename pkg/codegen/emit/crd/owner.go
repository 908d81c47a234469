package crd

// OwnerLabel marks every generated CRD as ours, whoever installs it (the operator, kustomize or
// Helm): the operator upgrades only the CRDs carrying it, so that a CRD of the same name from
// another operator (Azure Service Operator's own, labelled with its name) is never taken over.
// The key is the one ASO marks its CRDs with; the value names this project.
const (
	OwnerLabel = "app.kubernetes.io/name"
	OwnerValue = "armgen"
)

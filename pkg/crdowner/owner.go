// Package crdowner is what marks a CRD as armgen's: the generator writes the label into every
// CRD it emits, whoever then installs it (the operator, kustomize, kubectl), and the operator and
// armctl act only on CRDs carrying it, so that a CRD of the same name from another operator
// (Azure Service Operator's own, labelled with its name) is never upgraded, taken over or
// cleaned. The key is the one ASO marks its CRDs with; the value names this project.
package crdowner

const (
	Label = "app.kubernetes.io/name"
	Value = "armgen"
)

// Ours reports whether labels mark a CRD as armgen's.
func Ours(labels map[string]string) bool { return labels[Label] == Value }

// Selector is the label selector of armgen's CRDs.
const Selector = Label + "=" + Value

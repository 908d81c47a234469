// Package genruntime holds the types and interfaces shared by generated Azure resource API packages: references to owners, Secrets and ConfigMaps, reconcile annotations, and the property bag used by storage versions.
//
// +kubebuilder:object:generate=true
package genruntime

// DeepCopy methods are generated rather than hand written so they cannot drift from the types.
// The version is pinned with @ because the module's go.sum does not list controller-gen's own dependencies, and it matches the controller-tools version in go.mod.
// From the module root this is: go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.19.0 object paths=./pkg/genruntime/...
//go:generate go run sigs.k8s.io/controller-tools/cmd/controller-gen@v0.19.0 object paths=./...

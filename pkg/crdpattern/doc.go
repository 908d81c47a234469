// Package crdpattern is the one grammar of CRD patterns, Azure Service Operator's crdPattern:
// the operator's --crd-pattern (and ADDITIONAL_ASO_CRDS) and the generator's `gen crds
// --pattern` both parse with it, so a pattern a user tried with one means the same to the other.
package crdpattern

// Package crdcheck checks CustomResourceDefinitions, and custom resources against them, with the
// same code the Kubernetes API server runs on create (from k8s.io/apiextensions-apiserver), so
// tests find CRDs a cluster would refuse, and schemas that accept or refuse the wrong objects,
// without starting a cluster.
package crdcheck

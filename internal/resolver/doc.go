// Package resolver finds what a spec names outside itself: the ARM IDs of the resources its
// references and owner name (through their resource-id annotations), and the values of the
// Secrets and ConfigMaps it reads. It reads the cluster and never Azure; what it cannot find yet
// is an Error with the reason the Ready condition reports (ReferenceNotFound, SecretNotFound,
// ConfigMapNotFound), never a guess.
package resolver

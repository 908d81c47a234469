// Package crdmanagement installs and upgrades the operator's own CRDs, as Azure Service
// Operator's --crd-management=auto does: at start, the CRDs the --crd-pattern names are
// installed, every CRD of ours already installed is upgraded (pattern or not), none is ever
// deleted, and none is downgraded when a newer operator wrote it. The decision (Plan) is pure
// and separate from the server-side apply that carries it out (Apply), so the rules are tested
// without a cluster.
package crdmanagement

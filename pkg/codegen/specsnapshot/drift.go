package specsnapshot

import (
	"fmt"
	"strings"
)

// Drift returns a one-line warning when the spec root is at a commit other
// than pinned, and "" when they agree or either is unknown. An unknown
// commit is not warned about: a hand-made spec root (the test fixtures, a
// copied subset) has none, and nagging about it would teach people to
// ignore the warning.
func Drift(specRoot, pinned string) string {
	if pinned == "" {
		return ""
	}
	commit, source, ok := Commit(specRoot)
	if !ok || strings.EqualFold(commit, pinned) {
		return ""
	}
	return fmt.Sprintf("warning: spec root %s is at commit %s (from %s), azure-arm.yaml pins %s: "+
		"generated output may differ from the committed tree; run 'make specs' or point %s at a checkout of the pinned commit",
		specRoot, Short(commit), source, Short(pinned), SpecRootEnv)
}

// SpecRootEnv names the variable that points armgen at a spec root; messages
// here name it so the user knows what to set.
const SpecRootEnv = "ARMGEN_SPEC_ROOT"

// Short abbreviates a commit the way people quote them; twelve digits stay
// unambiguous in a repository the size of azure-rest-api-specs.
func Short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

package reconciler

import (
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
)

// inputsChanged names the Secrets and ConfigMaps the spec reads whose version differs from the
// one the last PUT was sent with ("" when none does). The drift check cannot see such a change:
// Azure does not return passwords. A resource that has never recorded its inputs (made by an
// older operator) and reads some is sent once more, which is harmless: a PUT is idempotent.
func (a *attempt) inputsChanged(now resolver.Inputs) string {
	was := resolver.ParseInputs(a.obj.GetAnnotations()[genruntime.AppliedInputsAnnotation])
	changed := now.Changed(was)
	if len(changed) == 0 {
		return ""
	}
	a.event(corev1.EventTypeNormal, "InputsChanged",
		"%s changed since the last PUT: sending it again", strings.Join(changed, ", "))
	return strings.Join(changed, ", ") + " changed"
}

// inputsAnnotation records on the object the inputs a PUT Azure accepted was sent with, so that
// it survives a restart. It is written with the operation the PUT started (see follow): one
// write, not two, for the API server to convert, store and send to every watch.
func inputsAnnotation(in resolver.Inputs) map[string]string {
	return map[string]string{genruntime.AppliedInputsAnnotation: in.String()}
}

package reconciler

import (
	"context"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

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

// recordInputs records on the object the inputs a PUT Azure accepted was sent with. It survives
// a restart. A failure to record is logged, not returned: the operation in flight must still be
// followed, and the cost is one more PUT later.
func (a *attempt) recordInputs(ctx context.Context, in resolver.Inputs) {
	v := in.String()
	if a.obj.GetAnnotations()[genruntime.AppliedInputsAnnotation] == v {
		return
	}
	before := a.obj.DeepCopyObject().(client.Object)
	setAnnotation(a.obj, genruntime.AppliedInputsAnnotation, v)
	if err := a.patchObject(ctx, before); err != nil {
		log.FromContext(ctx).Info("could not record the inputs of the PUT; the next resync sends it again", "error", err.Error())
	}
}

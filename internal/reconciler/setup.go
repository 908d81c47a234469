package reconciler

import (
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/controller"
)

// controllerName is unique per kind: two groups may have kinds of the same name.
func controllerName(gvk schema.GroupVersionKind) string {
	return strings.ToLower(gvk.Kind) + "." + gvk.Group
}

func controllerOptions(maxConcurrent int) controller.Options {
	if maxConcurrent < 1 {
		maxConcurrent = 1
	}
	return controller.Options{MaxConcurrentReconciles: maxConcurrent}
}

package manager

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/internal/settings"
)

// TestCacheStripsManagedFields: what the informers keep of an object has no managedFields (the
// largest part of a small object's metadata, never read by the operator), and keeps the rest.
func TestCacheStripsManagedFields(t *testing.T) {
	opts := cacheOptions(settings.Settings{})
	if opts.DefaultTransform == nil {
		t.Fatal("the cache keeps objects as the API server sends them, managedFields included")
	}
	in := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name: "a", Namespace: "ns", Annotations: map[string]string{"k": "v"},
		ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl", Operation: metav1.ManagedFieldsOperationUpdate}},
	}}
	out, err := opts.DefaultTransform(in)
	if err != nil {
		t.Fatal(err)
	}
	cm := out.(*corev1.ConfigMap)
	if len(cm.ManagedFields) != 0 {
		t.Errorf("cached with managedFields %v", cm.ManagedFields)
	}
	if cm.Name != "a" || cm.Annotations["k"] != "v" {
		t.Errorf("the transform changed more than managedFields: %+v", cm.ObjectMeta)
	}
}

// TestCacheTargetNamespaces: with target namespaces, the caches watch those and the operator's own.
func TestCacheTargetNamespaces(t *testing.T) {
	opts := cacheOptions(settings.Settings{TargetNamespaces: []string{"a", "b"}, PodNamespace: "op"})
	for _, ns := range []string{"a", "b", "op"} {
		if _, ok := opts.DefaultNamespaces[ns]; !ok {
			t.Errorf("namespace %s not watched: %v", ns, opts.DefaultNamespaces)
		}
	}
	if got := cacheOptions(settings.Settings{}).DefaultNamespaces; got != nil {
		t.Errorf("no target namespaces should watch all, got %v", got)
	}
}

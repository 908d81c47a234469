package apiserver_test

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/pkg/genruntime"
)

// TestRetainedValuesCannotBePlantedOnCreate: in the real API server, an object read through an
// older version carries the retained-values annotation; created under another name from that
// read (kubectl get -o yaml, rename, kubectl create), or with the annotation written by hand to
// set a Ready condition, the create is refused with the annotation named, instead of storing
// another object's values or a status the operator never wrote.
func TestRetainedValuesCannotBePlantedOnCreate(t *testing.T) {
	ctx := context.Background()
	for _, crd := range crds {
		served := servedVersions(crd)
		if len(served) < 2 {
			continue
		}
		newest := newestVersion(crd)
		gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
		name := "plant-" + strings.ToLower(crd.Spec.Names.Kind)
		base := objectAtVersion(t, ctx, gk, newest, name)
		if len(addFieldsOthersLack(crd, newest, base.Object)) == 0 {
			continue
		}
		newestRI := mustResource(t, gk.WithVersion(newest))
		if _, err := newestRI.Create(ctx, base, metav1.CreateOptions{}); err != nil {
			t.Fatalf("creating %s at %s: %v", name, newest, err)
		}
		t.Cleanup(func() { _ = newestRI.Delete(context.Background(), name, metav1.DeleteOptions{}) })
		old, _ := preferredVersion(t, crd)
		oldRI := mustResource(t, gk.WithVersion(old))
		read, err := oldRI.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		copied := read.GetAnnotations()[genruntime.RetainedValuesAnnotation]
		if copied == "" {
			continue // this version holds all of it
		}
		planted := `{"values":{"fields":{"status":{"fields":{"conditions":{"value":[{"type":"Ready","status":"True","reason":"Succeeded","lastTransitionTime":"2020-01-01T00:00:00Z"}]}}}}},"spec":"x"}`
		for what, annotation := range map[string]string{"another object's read": copied, "a hand-written Ready condition": planted} {
			obj := read.DeepCopy()
			obj.SetName(name + "-copy")
			obj.SetUID("")
			obj.SetResourceVersion("")
			obj.SetCreationTimestamp(metav1.Time{})
			obj.SetManagedFields(nil)
			delete(obj.Object, "status")
			obj.SetAnnotations(map[string]string{genruntime.RetainedValuesAnnotation: annotation})
			created, err := oldRI.Create(ctx, obj, metav1.CreateOptions{})
			if err == nil {
				_ = oldRI.Delete(context.Background(), obj.GetName(), metav1.DeleteOptions{})
				t.Errorf("%s: created at %s with %s: status %v", crd.Name, old, what, created.Object["status"])
				continue
			}
			if !strings.Contains(err.Error(), genruntime.RetainedValuesAnnotation) {
				t.Errorf("%s: creating with %s refused without naming the annotation: %v", crd.Name, what, err)
			}
		}
		return // one kind shows it; TestEveryServedVersionKeepsEveryValue covers every kind's legitimate writes
	}
	t.Fatal("no kind has a version lacking fields of another; the test proved nothing")
}

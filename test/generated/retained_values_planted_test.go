package generated_test

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/types"

	cache20200601 "github.com/armgen/armgen/generated/cache/v1api20200601"
	hub "github.com/armgen/armgen/generated/cache/v1api20201201/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestRetainedValuesArePutBackOnlyIntoTheirObject: the retained-values annotation is the
// user's to send, so on create (the API server gives the object a fresh uid) it can only be
// planted: copied from another object's read, or written by hand to set what the version being
// written cannot (a status with a Ready condition before the operator saw the object, values
// past the newer version's validation, an originalVersion no version has). The annotation
// records the uid of the object it was read from, and the conversion to the hub refuses one of
// another object, or with none, naming the annotation, so nothing of it is stored.
func TestRetainedValuesArePutBackOnlyIntoTheirObject(t *testing.T) {
	replicas := 3
	var stored hub.Redis
	stored.Name, stored.UID = "cache", types.UID("uid-of-cache")
	stored.Spec.ReplicasPerPrimary = &replicas
	stored.Spec.OriginalVersion = "v1api20201201"
	var read cache20200601.Redis
	if err := read.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	copied := read.Annotations[genruntime.RetainedValuesAnnotation]
	if copied == "" {
		t.Fatalf("no %s on a read through v1api20200601", genruntime.RetainedValuesAnnotation)
	}
	planted := `{"values":{"fields":{"spec":{"fields":{"replicasPerPrimary":{"value":-7},"originalVersion":{"value":"v1api20990101"}}},` +
		`"status":{"fields":{"conditions":{"value":[{"type":"Ready","status":"True","reason":"Succeeded"}]},"replicasPerPrimary":{"value":9}}}}},"spec":"x"}`
	for name, annotation := range map[string]string{
		"copied from another object's read": copied,
		"written by hand":                   planted,
	} {
		t.Run(name, func(t *testing.T) {
			var created cache20200601.Redis
			created.Name, created.UID = "other", types.UID("fresh-uid-from-the-api-server")
			created.Annotations = map[string]string{genruntime.RetainedValuesAnnotation: annotation}
			var h hub.Redis
			err := created.ConvertTo(&h)
			if err == nil || !strings.Contains(err.Error(), genruntime.RetainedValuesAnnotation) {
				t.Errorf("converting a new object carrying %s: %v, want a refusal naming the annotation", name, err)
			}
			if h.Spec.ReplicasPerPrimary != nil || len(h.Status.Conditions) > 0 || h.Spec.OriginalVersion == "v1api20990101" {
				t.Errorf("the annotation planted replicasPerPrimary %v, conditions %v, originalVersion %q",
					h.Spec.ReplicasPerPrimary, h.Status.Conditions, h.Spec.OriginalVersion)
			}
		})
	}
}

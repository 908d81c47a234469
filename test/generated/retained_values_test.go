package generated_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	cache20200601 "github.com/armgen/armgen/generated/cache/v1api20200601"
	cache20201201 "github.com/armgen/armgen/generated/cache/v1api20201201"
	hub "github.com/armgen/armgen/generated/cache/v1api20201201/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestOlderVersionKeepsNewerValues: a Redis written at v1api20201201 (replicasPerPrimary, which
// v1api20200601 lacks), read at v1api20200601 and written back as read, as kubectl label does
// through the version it prefers, is stored as it was: the value is kept and originalVersion
// still says v1api20201201. A spec written through the old version, with nothing of it beyond
// that version, records the old version.
func TestOlderVersionKeepsNewerValues(t *testing.T) {
	replicas := 3
	newer := &cache20201201.Redis{}
	newer.Name = "cache"
	newer.Spec.ReplicasPerPrimary = &replicas
	var stored hub.Redis
	if err := newer.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}

	var old cache20200601.Redis
	if err := old.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if _, ok := old.Annotations[genruntime.RetainedValuesAnnotation]; !ok {
		t.Fatalf("v1api20200601 read of a hub holding replicasPerPrimary has no %s", genruntime.RetainedValuesAnnotation)
	}
	old.Labels = map[string]string{"team": "a"}
	var again hub.Redis
	if err := old.ConvertTo(&again); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(stored.Spec, again.Spec); diff != "" {
		t.Errorf("stored spec after a relabel through v1api20200601 (-before +after):\n%s", diff)
	}
	if _, ok := again.Annotations[genruntime.RetainedValuesAnnotation]; ok {
		t.Errorf("the hub keeps %s", genruntime.RetainedValuesAnnotation)
	}
	if again.Labels["team"] != "a" {
		t.Errorf("labels %v: the relabel was lost", again.Labels)
	}

	// A spec change through the old version, with replicasPerPrimary still beyond it: the value
	// stays, and so does the version that can express it.
	capacity := 1
	old.Spec.Sku = &cache20200601.Sku{Capacity: &capacity}
	var edited hub.Redis
	if err := old.ConvertTo(&edited); err != nil {
		t.Fatal(err)
	}
	if edited.Spec.ReplicasPerPrimary == nil || *edited.Spec.ReplicasPerPrimary != 3 || edited.Spec.OriginalVersion != "v1api20201201" {
		t.Errorf("edited through v1api20200601: replicasPerPrimary %v, originalVersion %q; want 3 and v1api20201201",
			edited.Spec.ReplicasPerPrimary, edited.Spec.OriginalVersion)
	}

	// Nothing beyond the old version: a spec written through it is written at it.
	plain := &cache20201201.Redis{}
	var plainHub hub.Redis
	if err := plain.ConvertTo(&plainHub); err != nil {
		t.Fatal(err)
	}
	var plainOld cache20200601.Redis
	if err := plainOld.ConvertFrom(&plainHub); err != nil {
		t.Fatal(err)
	}
	var relabelled hub.Redis
	if err := plainOld.ConvertTo(&relabelled); err != nil {
		t.Fatal(err)
	}
	if relabelled.Spec.OriginalVersion != "v1api20201201" {
		t.Errorf("relabelled through v1api20200601: originalVersion %q, want v1api20201201", relabelled.Spec.OriginalVersion)
	}
	plainOld.Spec.Sku = &cache20200601.Sku{Capacity: &capacity}
	var written hub.Redis
	if err := plainOld.ConvertTo(&written); err != nil {
		t.Fatal(err)
	}
	if written.Spec.OriginalVersion != "v1api20200601" {
		t.Errorf("spec written through v1api20200601: originalVersion %q, want v1api20200601", written.Spec.OriginalVersion)
	}
}

package generated_test

import (
	"testing"

	resources20200601 "github.com/armgen/armgen/generated/resources/v1api20200601"
	resources20210401 "github.com/armgen/armgen/generated/resources/v1api20210401"
	hub "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
)

// TestHubRecordsOriginalVersion: whichever version a user writes, the stored hub says which, so
// the operator can talk to Azure with that version's api-version. Read at another version and
// written back as read (a relabel through the version kubectl prefers), it stays; a spec written
// through that version records it.
func TestHubRecordsOriginalVersion(t *testing.T) {
	old := &resources20200601.ResourceGroup{}
	old.Name = "rg"
	var h hub.ResourceGroup
	if err := old.ConvertTo(&h); err != nil {
		t.Fatal(err)
	}
	if h.Spec.OriginalVersion != "v1api20200601" {
		t.Errorf("hub from v1api20200601 has originalVersion %q", h.Spec.OriginalVersion)
	}

	current := &resources20210401.ResourceGroup{}
	if err := current.ConvertFrom(&h); err != nil {
		t.Fatal(err)
	}
	var again hub.ResourceGroup
	if err := current.ConvertTo(&again); err != nil {
		t.Fatal(err)
	}
	if again.Spec.OriginalVersion != "v1api20200601" {
		t.Errorf("hub written back unchanged through v1api20210401 has originalVersion %q, want v1api20200601", again.Spec.OriginalVersion)
	}

	location := "westeurope"
	current.Spec.Location = &location
	var edited hub.ResourceGroup
	if err := current.ConvertTo(&edited); err != nil {
		t.Fatal(err)
	}
	if edited.Spec.OriginalVersion != "v1api20210401" {
		t.Errorf("hub with its spec written through v1api20210401 has originalVersion %q", edited.Spec.OriginalVersion)
	}
}

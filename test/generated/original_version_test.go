package generated_test

import (
	"testing"

	resources20200601 "github.com/armgen/armgen/generated/resources/v1api20200601"
	resources20210401 "github.com/armgen/armgen/generated/resources/v1api20210401"
	hub "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
)

// TestHubRecordsOriginalVersion: whichever version a user writes, the stored hub says which, so
// the operator can talk to Azure with that version's api-version; converting back keeps it.
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
	if again.Spec.OriginalVersion != "v1api20210401" {
		t.Errorf("hub written back through v1api20210401 has originalVersion %q", again.Spec.OriginalVersion)
	}
}

package genruntime

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestExtraKeysRoundTrip(t *testing.T) {
	type declared struct {
		Name *string `json:"name,omitempty"`
	}
	name := "cpu"
	data, err := MarshalWithExtraKeys(declared{Name: &name}, map[string]json.RawMessage{"threshold": json.RawMessage(`3`), "name": json.RawMessage(`"shadowed"`)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"name":"cpu","threshold":3}`; got != want {
		t.Errorf("marshalled %s, want %s", got, want)
	}
	var extra map[string]json.RawMessage
	if err := UnmarshalExtraKeys(data, &extra, "name"); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string]json.RawMessage{"threshold": json.RawMessage(`3`)}, extra); d != "" {
		t.Errorf("read back (-want +got):\n%s", d)
	}
	if err := UnmarshalExtraKeys([]byte(`{"name":"x"}`), &extra, "name"); err != nil || extra != nil {
		t.Errorf("no extra keys read back as %v, %v; want nil", extra, err)
	}
}

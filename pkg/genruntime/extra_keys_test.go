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
	data, err := MarshalWithExtraKeys(declared{Name: &name}, map[string]json.RawMessage{"threshold": json.RawMessage(`3`)})
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

// TestExtraKeysNeverStandForDeclaredProperties: an extra key named like a declared property
// (set or not) would be sent as that property, past its own validation, or be dropped in favour
// of it without a word; either way the user's value is not what reaches Azure, so marshalling
// refuses it and names the property to set instead.
func TestExtraKeysNeverStandForDeclaredProperties(t *testing.T) {
	type declared struct {
		Name      *string `json:"name,omitempty"`
		Threshold *int    `json:"threshold,omitempty"`
		Hidden    string  `json:"-"`
	}
	name := "cpu"
	for _, c := range []struct {
		what  string
		value declared
		extra map[string]json.RawMessage
	}{
		{"the declared property unset", declared{}, map[string]json.RawMessage{"threshold": json.RawMessage(`"not a number"`)}},
		{"the declared property set", declared{Name: &name}, map[string]json.RawMessage{"name": json.RawMessage(`"shadowed"`)}},
	} {
		data, err := MarshalWithExtraKeys(c.value, c.extra)
		if err == nil {
			t.Errorf("%s: marshalled %s, want an error naming the declared property", c.what, data)
		}
	}
	if data, err := MarshalWithExtraKeys(declared{}, map[string]json.RawMessage{"Hidden": json.RawMessage(`1`)}); err != nil || string(data) != `{"Hidden":1}` {
		t.Errorf("a key no field is sent as: %s, %v", data, err)
	}
}

// TestExtraKeysReCasedByAzure: encoding/json fills a declared field from a key differing only in
// case (Azure re-cases property names), so that key is the field's, not an extra one: read into
// both, it went back to Azure twice, once under each spelling. A user's extra key differing from
// a declared property only in case is refused like the property's own name.
func TestExtraKeysReCasedByAzure(t *testing.T) {
	var extra map[string]json.RawMessage
	if err := UnmarshalExtraKeys([]byte(`{"Threshold":3,"dimension":"host"}`), &extra, "threshold"); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[string]json.RawMessage{"dimension": json.RawMessage(`"host"`)}, extra); d != "" {
		t.Errorf("extra keys read (-want +got):\n%s", d)
	}
	type declared struct {
		Threshold *int `json:"threshold,omitempty"`
	}
	if data, err := MarshalWithExtraKeys(declared{}, map[string]json.RawMessage{"THRESHOLD": json.RawMessage(`1`)}); err == nil {
		t.Errorf("an extra key re-casing a declared property marshalled as %s", data)
	}
}

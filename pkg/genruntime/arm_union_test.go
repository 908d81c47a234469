package genruntime

import "testing"

func TestMarshalVariant(t *testing.T) {
	type variant struct {
		Kind string `json:"kind"`
		Size *int   `json:"size,omitempty"`
	}
	name, size := "art", 3
	cases := []struct {
		fields map[string]any
		want   string
	}{
		{nil, `{"kind":"Template","size":3}`},
		{map[string]any{"name": &name}, `{"kind":"Template","name":"art","size":3}`},
		{map[string]any{"name": (*string)(nil)}, `{"kind":"Template","size":3}`},
	}
	for _, c := range cases {
		got, err := MarshalVariant(variant{Kind: "Template", Size: &size}, c.fields)
		if err != nil || string(got) != c.want {
			t.Errorf("got %s, %v; want %s", got, err, c.want)
		}
	}
	if _, err := MarshalVariant("not an object", map[string]any{"name": &name}); err == nil {
		t.Error("a variant that is not an object was merged")
	}
}

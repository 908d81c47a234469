package reconciler

import "testing"

func TestDrift(t *testing.T) {
	cases := []struct {
		name, desired, actual, want string
	}{
		{"identical", `{"location":"westus","tags":{"a":"b"}}`, `{"location":"westus","tags":{"a":"b"}}`, ""},
		{"Azure adds read-only values", `{"location":"westus"}`, `{"id":"/x","location":"westus","properties":{"provisioningState":"Succeeded"}}`, ""},
		{"write-only values are not returned", `{"properties":{"password":"p","size":1}}`, `{"properties":{"size":1}}`, ""},
		{"a changed tag", `{"tags":{"env":"prod"}}`, `{"tags":{"env":"changed"}}`, "tags.env"},
		{"a changed number", `{"properties":{"size":1}}`, `{"properties":{"size":2}}`, "properties.size"},
		{"numbers in another form", `{"properties":{"size":1}}`, `{"properties":{"size":1.0}}`, ""},
		{"a list grown", `{"properties":{"prefixes":["10.0.0.0/16"]}}`, `{"properties":{"prefixes":["10.0.0.0/16","10.1.0.0/16"]}}`, "properties.prefixes"},
		{"an item changed", `{"rules":[{"name":"a","port":1}]}`, `{"rules":[{"name":"a","port":2}]}`, "rules[0].port"},
		{"location normalised", `{"location":"West US"}`, `{"location":"westus"}`, ""},
		{"another location", `{"location":"westus"}`, `{"location":"eastus"}`, "location"},
		{"type changed", `{"properties":{"size":1}}`, `{"properties":{"size":"1"}}`, "properties.size"},
		{"key case", `{"properties":{"addressSpace":{"x":1}}}`, `{"properties":{"AddressSpace":{"x":1}}}`, ""},
		{"bool", `{"properties":{"on":true}}`, `{"properties":{"on":false}}`, "properties.on"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := drift([]byte(c.desired), []byte(c.actual))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("drift = %q, want %q", got, c.want)
			}
		})
	}
	if _, err := drift([]byte(`{`), []byte(`{}`)); err == nil {
		t.Error("a malformed body is no error")
	}
}

package astmodel

import "testing"

func TestNames(t *testing.T) {
	cases := []struct {
		fn       func(string) string
		in, want string
	}{
		{ExportedName, "provisioning-state", "ProvisioningState"},
		{ExportedName, "ipv6", "Ipv6"},
		{ExportedName, "2xx", "X2xx"},
		{ExportedName, "", "Empty"},
		{ExportedName, "Standard_LRS", "StandardLRS"},
		{JSONName, "IPAddress", "ipAddress"},
		{JSONName, "ID", "id"},
		{JSONName, "enableSsl", "enableSsl"},
		{JSONName, "Location", "location"},
		{VersionName, "2021-01-01-preview", "v1api20210101preview"},
		{VersionName, "2020-06-01", "v1api20200601"},
	}
	for v, want := range map[string]bool{"2021-01-01": false, "2021-01-01-preview": true, "2017-08-01-beta": true} {
		if got := IsPreview(v); got != want {
			t.Errorf("IsPreview(%q) = %v, want %v", v, got, want)
		}
	}
	for _, c := range cases {
		if got := c.fn(c.in); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

// TestObjectTypesNeverDropAPropertySilently: NewObjectType and WithOnlyProperties keep two
// properties of one name (check-names reports them), and WithNewProperties refuses to replace.
func TestObjectTypesNeverDropAPropertySilently(t *testing.T) {
	a := &Property{Name: "Size", JSONName: "size", Type: StringType}
	b := &Property{Name: "Size", JSONName: "Size", Type: IntType}
	if n := len(NewObjectType(a, b).Properties()); n != 2 {
		t.Errorf("NewObjectType kept %d of 2", n)
	}
	if n := len(NewObjectType().WithOnlyProperties([]*Property{a, b}).Properties()); n != 2 {
		t.Errorf("WithOnlyProperties kept %d of 2", n)
	}
	if _, err := NewObjectType(a).WithNewProperties(b); err == nil {
		t.Error("WithNewProperties replaced a property")
	}
	if o, err := NewObjectType(a).WithNewProperties(&Property{Name: "Colour", JSONName: "colour", Type: StringType}); err != nil || len(o.Properties()) != 2 {
		t.Errorf("WithNewProperties: %v", err)
	}
}

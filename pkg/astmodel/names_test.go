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

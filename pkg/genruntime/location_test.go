package genruntime

import "testing"

func TestLocationName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"West US 2", "westus2"}, {"westus2", "westus2"}, {"WestUS2", "westus2"}, {"West US", "westus"}, {"", ""},
	} {
		if got := LocationName(c.in); got != c.want {
			t.Errorf("LocationName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

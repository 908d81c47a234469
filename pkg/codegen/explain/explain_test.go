package explain

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseQuery(t *testing.T) {
	cases := []struct {
		in      string
		want    Query
		wantErr bool
	}{
		{"network/v1api20201101/VirtualNetwork", Query{Group: "network", Version: "v1api20201101", Kind: "VirtualNetwork", Path: []string{}}, false},
		{"network.azure.com/2020-11-01/VirtualNetwork.spec.subnets", Query{Group: "network", Version: "2020-11-01", Kind: "VirtualNetwork", Path: []string{"spec", "subnets"}}, false},
		{"VirtualNetwork.status.id", Query{Kind: "VirtualNetwork", Path: []string{"status", "id"}}, false},
		{"network/VirtualNetwork", Query{}, true},
		{"VirtualNetwork.metadata.name", Query{}, true},
		{"VirtualNetwork.spec..x", Query{}, true},
		{"//", Query{}, true},
	}
	for _, c := range cases {
		got, err := ParseQuery(c.in)
		if (err != nil) != c.wantErr {
			t.Errorf("%s: error %v", c.in, err)
			continue
		}
		if err == nil {
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", c.in, d)
			}
		}
	}
}

func TestSummary(t *testing.T) {
	cases := []struct {
		in    string
		limit int
		want  string
	}{
		{"The name. More text here.", 0, "The name."},
		{"Use e.g. this one. Next.", 0, "Use e.g. this one."},
		{"one\ntwo   three", 0, "one two three"},
		{"abcdefghij", 5, "abcd…"},
	}
	for _, c := range cases {
		if got := Summary(c.in, c.limit); got != c.want {
			t.Errorf("Summary(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
}

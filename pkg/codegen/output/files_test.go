package output

import (
	"strings"
	"testing"
)

func TestMerge(t *testing.T) {
	cases := []struct {
		name    string
		sets    []Files
		want    []string
		wantErr string
	}{
		{"disjoint sets", []Files{{"a": nil}, {"b": nil, "c": nil}}, []string{"a", "b", "c"}, ""},
		{"nothing", nil, nil, ""},
		{"a path in two sets", []Files{{"a": nil, "x/y.go": []byte("1")}, {"x/y.go": []byte("2")}}, nil, "two renderers produce x/y.go"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Merge(c.sets...)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got.Paths(), ",") != strings.Join(c.want, ",") {
				t.Errorf("paths %v, want %v", got.Paths(), c.want)
			}
		})
	}
}

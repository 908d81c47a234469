package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestErrorString(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{
			name: "everything",
			err:  &Error{File: "azure-arm.yaml", Pos: Position{12, 7}, Path: "objectModelConfiguration.network.2020-11-01.VirtualNetwork.$exprot", Message: "unknown setting", Suggestion: "$export"},
			want: `azure-arm.yaml:12:7: objectModelConfiguration.network.2020-11-01.VirtualNetwork.$exprot: unknown setting; did you mean "$export"?`,
		},
		{"no suggestion", &Error{File: "f.yaml", Pos: Position{1, 2}, Path: "outputPath", Message: "bad"}, "f.yaml:1:2: outputPath: bad"},
		{"no path", &Error{File: "f.yaml", Pos: Position{3, 1}, Message: "bad"}, "f.yaml:3:1: bad"},
		{"line only", &Error{File: "f.yaml", Pos: Position{Line: 3}, Message: "bad"}, "f.yaml:3: bad"},
		{"no position", &Error{File: "f.yaml", Message: "bad"}, "f.yaml: bad"},
		{"no file", &Error{Pos: Position{2, 4}, Path: "specRoot", Message: "bad"}, "2:4: specRoot: bad"},
		{"message only", &Error{Message: "bad"}, "bad"},
		{"suggestion is quoted", &Error{Message: "bad", Suggestion: `a "b"`}, `bad; did you mean "a \"b\""?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.err.Error()); diff != "" {
				t.Errorf("Error() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewError(t *testing.T) {
	c := &Config{File: "azure-arm.yaml"}
	got := NewError(c, "typeFilters[0]", Position{4, 3}, "matches nothing", "")
	want := &Error{File: "azure-arm.yaml", Pos: Position{4, 3}, Path: "typeFilters[0]", Message: "matches nothing"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NewError mismatch (-want +got):\n%s", diff)
	}
	if got := NewError(nil, "x", Position{}, "m", "s"); got.File != "" {
		t.Errorf("NewError(nil, ...) File = %q, want empty", got.File)
	}
}

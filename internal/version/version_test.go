package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"module version", debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}}, "v0.3.1"},
		{"commit", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "06c1ba4aaaaabbbbbccccc"}, {Key: "vcs.modified", Value: "false"}}}, "devel 06c1ba4aaaaa"},
		{"dirty commit", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "06c1ba4"}, {Key: "vcs.modified", Value: "true"}}}, "devel 06c1ba4 dirty"},
		{"nothing recorded", debug.BuildInfo{}, "devel"},
	} {
		if got := fromBuildInfo(&tc.info); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestLinkerVersionWins(t *testing.T) {
	old := version
	t.Cleanup(func() { version = old })
	version = "v9.9.9"
	if got := String(); got != "v9.9.9" {
		t.Errorf("got %q, want the -ldflags version", got)
	}
}

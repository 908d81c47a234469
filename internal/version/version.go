// Package version is the one version string of every armgen binary (gen, controller, armfake,
// armctl), so that --version answers alike and a bug report names the build.
package version

import (
	"runtime/debug"
	"strings"
)

// version is set at link time for release builds:
//
//	go build -ldflags "-X github.com/armgen/armgen/internal/version.version=v0.2.0" ./cmd/...
//
// Other builds say what the Go toolchain recorded: the module version (`go install ...@v0.2.0`)
// or the commit they were built from.
var version string

// String is the version of this build: the -ldflags one, else the module version, else
// "devel" with the VCS commit (and "dirty" for uncommitted changes) when the build recorded it.
func String() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return fromBuildInfo(info)
}

func fromBuildInfo(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	parts := []string{"devel"}
	if rev := settings["vcs.revision"]; rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		parts = append(parts, rev)
		if settings["vcs.modified"] == "true" {
			parts = append(parts, "dirty")
		}
	}
	return strings.Join(parts, " ")
}

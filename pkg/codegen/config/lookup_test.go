package config

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLookups(t *testing.T) {
	c, err := Load(filepath.Join("testdata", "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	vnet := c.Group("network").Version("2020-11-01").Type("VirtualNetwork")
	if vnet == nil || vnet.Path != "objectModelConfiguration.network.2020-11-01.VirtualNetwork" {
		t.Fatalf("Type lookup = %+v", vnet)
	}
	if p := vnet.Property("subnets"); p == nil || p.RenameTo != "subnetList" {
		t.Errorf("Property(subnets) = %+v", p)
	}

	// Every miss is nil, and chaining through a miss stays nil.
	misses := map[string]any{
		"group":                  c.Group("storage"),
		"version":                c.Group("network").Version("2021-01-01"),
		"type":                   c.Group("network").Version("2020-11-01").Type("Subnet"),
		"property":               vnet.Property("Subnets"),
		"chain past a miss":      c.Group("storage").Version("2020-11-01").Type("VirtualNetwork").Property("x"),
		"lookup on a nil config": (*Config)(nil).Group("network"),
	}
	for name, got := range misses {
		if !isNil(got) {
			t.Errorf("%s: got %+v, want nil", name, got)
		}
	}
}

func isNil(v any) bool {
	switch x := v.(type) {
	case *GroupConfig:
		return x == nil
	case *VersionConfig:
		return x == nil
	case *TypeConfig:
		return x == nil
	case *PropertyConfig:
		return x == nil
	}
	return v == nil
}

func TestExportedAndKindName(t *testing.T) {
	tests := []struct {
		name         string
		typ          *TypeConfig
		wantExported bool
		wantKind     string
	}{
		{"not exported", &TypeConfig{Name: "Subnet"}, false, "Subnet"},
		{"export", &TypeConfig{Name: "VirtualNetwork", Export: true}, true, "VirtualNetwork"},
		{"exportAs implies export", &TypeConfig{Name: "Database", ExportAs: "SqlDatabase"}, true, "SqlDatabase"},
		{"nil", nil, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.typ.Exported(); got != tt.wantExported {
				t.Errorf("Exported() = %v, want %v", got, tt.wantExported)
			}
			if got := tt.typ.KindName(); got != tt.wantKind {
				t.Errorf("KindName() = %q, want %q", got, tt.wantKind)
			}
		})
	}
}

func TestResolvePath(t *testing.T) {
	abs := filepath.Join(string(filepath.Separator), "abs", "specs")
	tests := []struct {
		name string
		c    *Config
		in   string
		want string
	}{
		{"relative to the config's directory", &Config{Dir: "repo"}, "specs/x", filepath.Join("repo", "specs", "x")},
		{"config in the working directory", &Config{Dir: "."}, "generated", "generated"},
		{"dot-dot is cleaned", &Config{Dir: filepath.Join("repo", "v2")}, "../specs", filepath.Join("repo", "specs")},
		{"absolute stays put", &Config{Dir: "repo"}, abs + "/", abs},
		{"absolute config directory", &Config{Dir: abs}, "a", filepath.Join(abs, "a")},
		{"empty stays empty", &Config{Dir: "repo"}, "", ""},
		{"nil config", nil, "a/../b", "b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.c.ResolvePath(tt.in)); diff != "" {
				t.Errorf("ResolvePath(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}

	// The usual use: paths from a parsed file resolve against its directory.
	c, err := Parse(filepath.Join("repo", "azure-arm.yaml"), []byte("specRoot: ../specs\nobjectModelConfiguration: {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.ResolvePath(c.SpecRoot), "specs"; got != want {
		t.Errorf("ResolvePath(SpecRoot) = %q, want %q", got, want)
	}
	if got, want := c.ResolvePath(c.OutputPath), filepath.Join("repo", "generated"); got != want {
		t.Errorf("ResolvePath(OutputPath) = %q, want %q", got, want)
	}
}

package config

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParse checks that no input can crash the parser and that whatever it
// returns keeps the promises callers rely on. Seeds live in
// testdata/fuzz/FuzzParse; run longer with
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 30s ./pkg/codegen/config/
func FuzzParse(f *testing.F) {
	f.Add([]byte("objectModelConfiguration: {}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.yaml", data)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse returned config %v and error %v; want exactly one", c, err)
		}
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		checkFuzzConfig(t, c)

		again, err := Parse("fuzz.yaml", data)
		if err != nil {
			t.Fatalf("second Parse failed: %v", err)
		}
		if diff := cmp.Diff(c, again, cmp.AllowUnexported(Config{})); diff != "" {
			t.Fatalf("Parse is not deterministic (-first +second):\n%s", diff)
		}
	})
}

func checkFuzzError(t *testing.T, err error) {
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error is %T, want *Error", err)
	}
	if e.File != "fuzz.yaml" || e.Pos.Line < 1 || e.Pos.Column < 0 || e.Message == "" {
		t.Fatalf("incomplete error %#v", e)
	}
	// One line per error, so nothing in the input can forge extra output lines.
	if msg := e.Error(); strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("multi-line error %q", msg)
	}
}

func checkFuzzConfig(t *testing.T, c *Config) {
	sorted := func(what string, names []string) {
		if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
			t.Fatalf("%s not sorted and unique: %q", what, names)
		}
	}
	valid := func(pos Position, path, name string, ok bool) {
		if !ok || pos.Line < 1 || pos.Column < 1 || !strings.HasPrefix(path, "objectModelConfiguration.") {
			t.Fatalf("bad entry %q at %v (%s)", name, pos, path)
		}
	}
	var groups []string
	for _, g := range c.Groups {
		valid(g.Pos, g.Path, g.Name, validGroupName(g.Name))
		groups = append(groups, g.Name)
		if c.Group(g.Name) != g {
			t.Fatalf("Group(%q) does not find it", g.Name)
		}
		var versions []string
		for _, v := range g.Versions {
			valid(v.Pos, v.Path, v.APIVersion, validAPIVersion(v.APIVersion))
			versions = append(versions, v.APIVersion)
			var types []string
			for _, ty := range v.Types {
				valid(ty.Pos, ty.Path, ty.Name, validTypeName(ty.Name))
				types = append(types, ty.Name)
				var props []string
				for _, p := range ty.Properties {
					valid(p.Pos, p.Path, p.Name, validPropertyName(p.Name))
					props = append(props, p.Name)
					if ty.Property(p.Name) != p {
						t.Fatalf("Property(%q) does not find it", p.Name)
					}
				}
				sorted("properties", props)
			}
			sorted("types", types)
		}
		sorted("versions", versions)
	}
	sorted("groups", groups)

	for _, f := range c.TypeFilters {
		if f.Action != actionInclude && f.Action != actionPrune || (f.Action == actionPrune && f.Because == "") {
			t.Fatalf("bad filter %+v", f)
		}
	}
	var paths []string
	for _, s := range c.Settings() {
		paths = append(paths, s.Path)
		if s.Pos.Line < 1 || !strings.HasPrefix(s.Path, "objectModelConfiguration.") {
			t.Fatalf("bad setting %+v", s)
		}
	}
	sorted("settings", paths)
	if c.SpecCommit != "" && !isCommitSHA(c.SpecCommit) {
		t.Fatalf("specCommit %q accepted", c.SpecCommit)
	}
}

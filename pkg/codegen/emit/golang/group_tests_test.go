package golang

import (
	pathpkg "path"
	"regexp"
	"strings"
	"testing"
)

// TestGeneratedTestsAreOnePackagePerGroup: the tests of every package of a group (here a version
// and its storage twin) are rendered into one external test package in the group's folder, so
// that testing generated/ links one test binary per group, not one per package; and, sharing a
// package, no two of their functions may share a name.
func TestGeneratedTestsAreOnePackagePerGroup(t *testing.T) {
	defs := testModel(goldenBase)
	clause := regexp.MustCompile(`(?m)^package (\w+)$`)
	function := regexp.MustCompile(`(?m)^func (\w+)\(`)
	declared := map[string]string{} // group folder + function name -> file
	testedFrom := map[string]map[string]bool{}
	for _, pkg := range defs.Packages() {
		files, err := PackageWith(defs, pkg, Options{Tests: true})
		if err != nil {
			t.Fatalf("PackageWith(%s): %v", pkg, err)
		}
		for _, f := range files {
			if !strings.HasSuffix(f.Path, "_test.go") {
				continue
			}
			if dir := pathpkg.Dir(f.Path); dir != pkg.Group {
				t.Errorf("%s: the tests of %s are in %s, not in their group's folder %s", f.Path, pkg, dir, pkg.Group)
			}
			want := identifierOf(pkg.Group) + "_test"
			got := ""
			if m := clause.FindSubmatch(f.Content); m != nil {
				got = string(m[1])
			}
			if got != want {
				t.Errorf("%s: package %q, want %q", f.Path, got, want)
			}
			for _, m := range function.FindAllSubmatch(f.Content, -1) {
				key := pkg.Group + "." + string(m[1])
				if other, clash := declared[key]; clash {
					t.Errorf("%s and %s both declare %s", other, f.Path, m[1])
				}
				declared[key] = f.Path
			}
			if testedFrom[pkg.Group] == nil {
				testedFrom[pkg.Group] = map[string]bool{}
			}
			testedFrom[pkg.Group][pkg.Path] = true
		}
	}
	if n := len(testedFrom["network"]); n != 2 {
		t.Errorf("the network group's test package tests %d packages, want its version and storage twin: %v", n, testedFrom["network"])
	}
}

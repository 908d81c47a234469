// Package ci_test holds the tests of the CI script (.ci/run) against the Makefile.
package ci_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCIRunsEveryPartOfMakeTest: .ci/run runs make test as its parts, to time each and run two
// at once, so a part added to make test but not to .ci/run would never run in CI. Every
// prerequisite of make test must be a make command of .ci/run, and make test may have no recipe
// of its own (work there would run in make test only).
func TestCIRunsEveryPartOfMakeTest(t *testing.T) {
	root := filepath.Join("..", "..")
	makefile := read(t, filepath.Join(root, "Makefile"))
	script := read(t, filepath.Join(root, ".ci", "run"))

	rule := regexp.MustCompile(`(?m)^test:([^#\n]*)(?:##.*)?\n((?:\t.*\n)*)`).FindStringSubmatch(makefile)
	if rule == nil {
		t.Fatal("Makefile: no rule for test")
	}
	if strings.TrimSpace(rule[2]) != "" {
		t.Errorf("Makefile: make test has a recipe of its own, which .ci/run never runs; make it a part (a prerequisite):\n%s", rule[2])
	}
	parts := strings.Fields(rule[1])
	if len(parts) == 0 {
		t.Fatal("Makefile: make test has no parts")
	}
	// Commands only: comments and quoted messages (failed "make test-unit") name parts too.
	commands := regexp.MustCompile(`(?m)^\s*#.*$|"[^"\n]*"`).ReplaceAllString(script, "")
	ran := make(map[string]bool)
	for _, m := range regexp.MustCompile(`\bmake(?: -s)? ([a-z0-9-]+)`).FindAllStringSubmatch(commands, -1) {
		ran[m[1]] = true
	}
	if ran["test"] {
		return // the whole of make test
	}
	for _, p := range parts {
		if !ran[p] {
			t.Errorf(".ci/run does not run make %s, a part of make test (run make help for the parts)", p)
		}
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Package testspecs gives tests that need the real ARM swagger (armfake, the reconciler against
// armfake, the corpus checks) its spec root, found as `make generate` finds it, and decides what a
// test does when there is none: outside CI it skips with a message saying how to get the specs;
// in CI (CI=true) it fails with that message, so a green CI run has exercised every test.
package testspecs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"sigs.k8s.io/yaml"
)

// Env names the spec root when set, before azure-arm.yaml's specRoot.
const Env = "ARMGEN_SPEC_ROOT"

// Hint is how to get the specs, for messages.
const Hint = "set " + Env + " to the specification folder of azure-rest-api-specs, or run 'make specs' " +
	"(fetches the commit azure-arm.yaml pins into its specRoot, specs/azure-rest-api-specs/specification)"

// Root returns the spec root: $ARMGEN_SPEC_ROOT, else specRoot of the azure-arm.yaml found in the
// working directory or one above it. Without one the test skips, or fails under CI.
func Root(tb testing.TB) string {
	tb.Helper()
	root, err := Lookup()
	if err == nil {
		return root
	}
	msg := fmt.Sprintf("%s needs the ARM specs: %v; %s", tb.Name(), err, Hint)
	if InCI() {
		tb.Fatal(msg + " (CI runs every test: a skip here would hide it)")
	}
	tb.Skip(msg)
	return ""
}

// Optional is for a test that runs its fixture cases in any case and adds corpus cases when
// the spec root is there: it returns the root or "" (failing the test in CI, where the corpus
// cases must run).
func Optional(tb testing.TB) string {
	tb.Helper()
	root, err := Lookup()
	if err != nil && InCI() {
		tb.Fatalf("%s needs the ARM specs for its corpus cases: %v; %s", tb.Name(), err, Hint)
	}
	return root
}

// InCI reports whether the tests run in CI, where a test that cannot run is a failure.
func InCI() bool { return os.Getenv("CI") == "true" }

// Lookup finds the spec root without a test: $ARMGEN_SPEC_ROOT (which must exist), else the
// specRoot of the nearest azure-arm.yaml at or above the working directory, if that folder exists.
func Lookup() (string, error) {
	if root := os.Getenv(Env); root != "" {
		if _, err := os.Stat(root); err != nil {
			return "", fmt.Errorf("%s=%s: %w", Env, root, err)
		}
		return root, nil
	}
	cfg, err := findConfig()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(cfg)
	if err != nil {
		return "", err
	}
	var c struct {
		SpecRoot string `json:"specRoot"`
	}
	if err := yaml.Unmarshal(data, &c); err != nil {
		return "", fmt.Errorf("%s: %w", cfg, err)
	}
	if c.SpecRoot == "" {
		return "", fmt.Errorf("%s unset and %s has no specRoot", Env, cfg)
	}
	root := c.SpecRoot
	if !filepath.IsAbs(root) {
		root = filepath.Join(filepath.Dir(cfg), root)
	}
	if _, err := os.Stat(root); err != nil {
		return "", fmt.Errorf("%s unset and specRoot %s (from %s) is not there", Env, root, cfg)
	}
	return root, nil
}

// findConfig walks up from the working directory to the repository's azure-arm.yaml.
func findConfig() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		cfg := filepath.Join(dir, "azure-arm.yaml")
		if _, err := os.Stat(cfg); err == nil {
			return cfg, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New(Env + " unset and no azure-arm.yaml at or above the working directory")
		}
		dir = parent
	}
}

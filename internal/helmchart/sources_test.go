package helmchart

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testflags"
)

// repo is the repository root, two folders above this package.
const repo = "../.."

// checkMade compares path (relative to the repository) with want, or writes want there under
// -update: the files made from the chart, or for it, cannot drift from their source.
func checkMade(t *testing.T, path string, want []byte) {
	t.Helper()
	full := filepath.Join(repo, path)
	if *testflags.Update {
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(full)
	if err != nil {
		t.Fatalf("%v: run 'make manifests'", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what its source makes: run 'make manifests' and commit (-%s +made):\n%s", path, path, cmp.Diff(string(got), string(want)))
	}
}

func TestChartRoleIsTheGeneratedRole(t *testing.T) {
	role, err := os.ReadFile(filepath.Join(repo, "generated/rbac/role.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	checkMade(t, "charts/armgen/templates/manager-role.yaml", RoleTemplate(role))
}

func TestConfigIsTheChartRendered(t *testing.T) {
	for _, v := range ConfigVariants {
		got, err := RenderConfig(v)
		if err != nil {
			t.Fatal(err)
		}
		checkMade(t, v.Path, got)
	}
}

func TestValuesReferenceIsTheValuesFile(t *testing.T) {
	values, err := os.ReadFile(filepath.Join(repo, "charts/armgen/values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	table, err := ValuesReference(values)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(repo, "docs/helm.md"))
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := strings.Cut(string(doc), ValuesBegin)
	_, after, ok2 := strings.Cut(rest, ValuesEnd)
	if !ok || !ok2 {
		t.Fatalf("docs/helm.md: no %q ... %q section for the values reference", ValuesBegin, ValuesEnd)
	}
	checkMade(t, "docs/helm.md", []byte(before+ValuesBegin+"\n"+table+ValuesEnd+after))
}

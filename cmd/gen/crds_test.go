package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/crdbundle"
)

// runGen runs the gen command line with args, returning what it wrote to stdout and stderr.
func runGen(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := newRootCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err = cmd.Execute()
	return out.String(), errOut.String(), err
}

// The committed CRDs; the API-server test (test/apiserver) installs what this command writes.
const generatedCRDs = "../../generated/crds"

func TestCrdsWritesTheSelectedCRDs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bundle.yaml")
	_, stderr, err := runGen(t, "crds", "--pattern", "resources.azure.com/*;network.azure.com/VirtualNetwork*", "--crd-dir", generatedCRDs, "-o", file)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	crds, err := crdbundle.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range crds {
		got = append(got, c.Name)
	}
	want := "virtualnetworks.network.azure.com virtualnetworkssubnets.network.azure.com virtualnetworksvirtualnetworkpeerings.network.azure.com resourcegroups.resources.azure.com"
	if strings.Join(got, " ") != want {
		t.Errorf("bundle holds %s, want %s", strings.Join(got, " "), want)
	}
	if !strings.HasPrefix(string(data), "# 4 CRDs selected by gen crds --pattern 'resources.azure.com/*;network.azure.com/VirtualNetwork*'") {
		t.Errorf("bundle starts %q", string(data[:min(len(data), 120)]))
	}
	if !strings.Contains(stderr, "wrote 4 of ") {
		t.Errorf("stderr: %q", stderr)
	}
	// A CRD in the bundle is exactly the generated file.
	rg, err := os.ReadFile(filepath.Join(generatedCRDs, "resources.azure.com", "resourcegroups.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, rg) {
		t.Error("the ResourceGroup CRD in the bundle differs from generated/crds/resources.azure.com/resourcegroups.yaml")
	}
}

func TestCrdsToStandardOutput(t *testing.T) {
	stdout, _, err := runGen(t, "crds", "-q", "--pattern", "Resources.Azure.com/resourcegroup", "--crd-dir", generatedCRDs)
	if err != nil {
		t.Fatal(err)
	}
	crds, err := crdbundle.Parse("stdout", []byte(stdout))
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 1 || crds[0].Kind != "ResourceGroup" {
		t.Errorf("stdout holds %+v", crds)
	}
}

func TestCrdsErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"crds", "--crd-dir", generatedCRDs}, `required flag(s) "pattern" not set`},
		{[]string{"crds", "--pattern", "compute.azure.com/*", "--crd-dir", generatedCRDs}, "matches no CRD; known groups: authorization.azure.com, cache.azure.com, containerservice.azure.com,"},
		{[]string{"crds", "--pattern", "network.azure.com/VirtualNetwrk", "--crd-dir", generatedCRDs}, "network.azure.com/VirtualNetwork,"},
		{[]string{"crds", "--pattern", "network.azure.com", "--crd-dir", generatedCRDs}, "is not group/Kind"},
		{[]string{"crds", "--pattern", "*/*", "--crd-dir", t.TempDir()}, "no CRDs under"},
		{[]string{"crds", "--pattern", "*/*", "-c", filepath.Join(t.TempDir(), "missing.yaml")}, "pass --crd-dir"},
	}
	for _, tc := range cases {
		_, _, err := runGen(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("gen %s: err = %v, want it to contain %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

func TestCrdSizeLine(t *testing.T) {
	files := map[string][]byte{
		"crds/a.azure.com/as.yaml":            make([]byte, 300<<10),
		"crds/a.azure.com/kustomization.yaml": []byte("resources: []\n"),
		"a/v1/types_gen.go":                   make([]byte, 900<<10),
	}
	if got, want := crdSizeLine(files), "largest CRD: crds/a.azure.com/as.yaml (300 KiB); 1 above 256 KiB"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

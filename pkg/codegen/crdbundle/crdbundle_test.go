package crdbundle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/crdpattern"
)

// TestParsePattern: gen crds reads the operator's grammar (crdpattern, whose table test is
// TestGrammar) and refuses only what it cannot mean: a pattern naming nothing, or a bad item,
// each named as --pattern with the grammar.
func TestParsePattern(t *testing.T) {
	cases := []struct {
		in      string
		want    string // the pattern as parsed, items joined by ';'
		wantErr string
	}{
		{in: "resources.azure.com/*", want: "resources.azure.com/*"},
		{in: " resources.azure.com/* ; network.azure.com/Subnet ", want: "resources.azure.com/*;network.azure.com/Subnet"},
		{in: "resources.azure.com/*;", want: "resources.azure.com/*"},
		{in: "*", want: "*"},
		{in: "", wantErr: `--pattern "" names no CRD`},
		{in: " ; ", wantErr: `--pattern " ; " names no CRD`},
		{in: "resources.azure.com", wantErr: "has no /Kind (for every kind of the group write resources.azure.com/*)"},
		{in: "a/b/c", wantErr: "more than one '/'"},
		{in: "/ResourceGroup", wantErr: "empty group or kind"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParsePattern(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), crdpattern.Grammar) {
					t.Fatalf("err = %v, want it to contain %q and the grammar", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.want {
				t.Errorf("parsed %q, want %q", got, tc.want)
			}
		})
	}
}

// TestSelectReadsTheOperatorsGrammar: the patterns gen crds once read its own way select what
// the operator's --crd-pattern installs: ? is one character, a lone * is everything, * crosses
// the '/', an empty item is ignored.
func TestSelectReadsTheOperatorsGrammar(t *testing.T) {
	crds, err := LoadDir(writeTree(t))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ pattern, want string }{
		{"network.azure.com/VirtualNetwor?", "virtualnetworks.network.azure.com"},
		{"network?azure.com/RouteTable", "routetables.network.azure.com"},
		{"*", "loadbalancers.network.azure.com routetables.network.azure.com virtualnetworks.network.azure.com virtualnetworkssubnets.network.azure.com resourcegroups.resources.azure.com"},
		{"network.azure.com/V*Subnet;", "virtualnetworkssubnets.network.azure.com"},
		{"resources*/*Group", "resourcegroups.resources.azure.com"},
		{"net*k.azure.com/L*", "loadbalancers.network.azure.com"},
	}
	for _, tc := range cases {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Errorf("%q: %v", tc.pattern, err)
			continue
		}
		sel, err := Select(crds, p)
		if err != nil {
			t.Errorf("%q: %v", tc.pattern, err)
			continue
		}
		var names []string
		for _, c := range sel {
			names = append(names, c.Name)
		}
		if got := strings.Join(names, " "); got != tc.want {
			t.Errorf("%q selects %s, want %s", tc.pattern, got, tc.want)
		}
	}
}

const crdTemplate = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: PLURAL.GROUP
spec:
  group: GROUP
  names:
    kind: KIND
    plural: PLURAL
  scope: Namespaced
  versions: []
`

func crdYAML(group, kind string) string {
	plural := strings.ToLower(kind) + "s"
	return strings.NewReplacer("GROUP", group, "KIND", kind, "PLURAL", plural).Replace(crdTemplate)
}

// writeTree lays out CRDs as the generator does, with kustomizations that must be skipped.
func writeTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"resources.azure.com/resourcegroups.yaml":       "---\n" + crdYAML("resources.azure.com", "ResourceGroup"),
		"resources.azure.com/kustomization.yaml":        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- resourcegroups.yaml\n",
		"network.azure.com/virtualnetworks.yaml":        "---\n" + crdYAML("network.azure.com", "VirtualNetwork"),
		"network.azure.com/virtualnetworkssubnets.yaml": "---\n" + crdYAML("network.azure.com", "VirtualNetworksSubnet"),
		// Two CRDs in one file, with a comment-only document between them.
		"network.azure.com/more.yaml": "# two\n---\n" + crdYAML("network.azure.com", "LoadBalancer") + "---\n# nothing\n---\n" + crdYAML("network.azure.com", "RouteTable"),
		"kustomization.yaml":          "resources:\n- network.azure.com\n- resources.azure.com\n",
		"README.md":                   "not YAML, not read",
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadDir(t *testing.T) {
	crds, err := LoadDir(writeTree(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range crds {
		got = append(got, c.Group+"/"+c.Kind+"="+c.Name)
		if bytes.HasPrefix(c.Doc, []byte("---")) || !bytes.HasPrefix(c.Doc, []byte("apiVersion:")) {
			t.Errorf("%s: document starts %q", c.Name, c.Doc[:min(20, len(c.Doc))])
		}
	}
	want := "network.azure.com/LoadBalancer=loadbalancers.network.azure.com network.azure.com/RouteTable=routetables.network.azure.com " +
		"network.azure.com/VirtualNetwork=virtualnetworks.network.azure.com network.azure.com/VirtualNetworksSubnet=virtualnetworkssubnets.network.azure.com " +
		"resources.azure.com/ResourceGroup=resourcegroups.resources.azure.com"
	if strings.Join(got, " ") != want {
		t.Errorf("loaded\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}

func TestLoadDirErrors(t *testing.T) {
	cases := []struct{ name, content, want string }{
		{"configmap.yaml", "apiVersion: v1\nkind: ConfigMap\n", "document 1 is a v1 ConfigMap, not a CustomResourceDefinition"},
		{"broken.yaml", "---\n" + crdYAML("a.com", "A") + "---\na: [\n", "broken.yaml: document 2"},
		{"twice.yaml", crdYAML("network.azure.com", "VirtualNetwork"), "CRD virtualnetworks.network.azure.com is in both"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t)
			if err := os.WriteFile(filepath.Join(dir, tc.name), []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
	if _, err := LoadDir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no CRDs under") {
		t.Errorf("empty folder: err = %v", err)
	}
	if _, err := LoadDir(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("missing folder: no error")
	}
}

func TestSelectAndWrite(t *testing.T) {
	crds, err := LoadDir(writeTree(t))
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParsePattern("resources.azure.com/*;network.azure.com/VirtualNetwork*")
	if err != nil {
		t.Fatal(err)
	}
	sel, err := Select(crds, p)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range sel {
		names = append(names, c.Name)
	}
	if got, want := strings.Join(names, " "), "virtualnetworks.network.azure.com virtualnetworkssubnets.network.azure.com resourcegroups.resources.azure.com"; got != want {
		t.Fatalf("selected %s, want %s", got, want)
	}
	var buf bytes.Buffer
	if err := Write(&buf, "three CRDs\nfrom a test", sel); err != nil {
		t.Fatal(err)
	}
	// The bundle is what the files held, one document each, after the header comment.
	want := "# three CRDs\n# from a test\n---\n" + crdYAML("network.azure.com", "VirtualNetwork") +
		"---\n" + crdYAML("network.azure.com", "VirtualNetworksSubnet") +
		"---\n" + crdYAML("resources.azure.com", "ResourceGroup")
	if buf.String() != want {
		t.Errorf("bundle:\n%s\nwant:\n%s", buf.String(), want)
	}
	// And it reads back as the same CRDs.
	again, err := Parse("bundle", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 3 || again[2].Name != "resourcegroups.resources.azure.com" || !bytes.Equal(again[0].Doc, sel[0].Doc) {
		t.Errorf("bundle reads back as %+v", again)
	}
}

func TestSelectNothing(t *testing.T) {
	crds, err := LoadDir(writeTree(t))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ pattern, want string }{
		{"compute.azure.com/*", `"compute.azure.com/*" matches no CRD; known groups: network.azure.com, resources.azure.com`},
		// The group exists: the kinds it has are more use than the groups.
		{"network.azure.com/VirtualNetwrk*", `"network.azure.com/VirtualNetwrk*" matches no CRD; kinds of the matching groups: network.azure.com/LoadBalancer, network.azure.com/RouteTable, network.azure.com/VirtualNetwork, network.azure.com/VirtualNetworksSubnet`},
		// One entry matching is not enough: each must, so a typo is never silently ignored.
		{"resources.azure.com/*;storage.azure.com/*", `"storage.azure.com/*" matches no CRD; known groups:`},
	}
	for _, tc := range cases {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Select(crds, p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tc.pattern, err, tc.want)
		}
	}
}

func TestMeasureSizes(t *testing.T) {
	files := map[string][]byte{
		"crds/a.azure.com/small.yaml":         make([]byte, 1000),
		"crds/a.azure.com/big.yaml":           make([]byte, 300<<10),
		"crds/b.azure.com/bigger.yaml":        make([]byte, 400<<10),
		"crds/b.azure.com/kustomization.yaml": make([]byte, 500<<10), // not a CRD
		"crds/kustomization.yaml":             make([]byte, 500<<10),
		"network/v1/types_gen.go":             make([]byte, 900<<10), // not a CRD
		"notcrds/x.yaml":                      make([]byte, 900<<10),
	}
	s := MeasureSizes(files, AnnotationLimit)
	if s.CRDs != 3 || s.Largest != "crds/b.azure.com/bigger.yaml" || s.LargestBytes != 400<<10 || s.Above != 2 {
		t.Errorf("sizes = %+v", s)
	}
	if got, want := s.String(), "largest CRD: crds/b.azure.com/bigger.yaml (400 KiB); 2 above 256 KiB"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := MeasureSizes(nil, AnnotationLimit).String(); got != "no CRDs" {
		t.Errorf("no files: %q", got)
	}
}

package crdcheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadDirWalksGroupFolders: the generator writes crds/<group>/<plural>.yaml with a
// kustomization.yaml beside them; LoadDir reads the CRDs of every folder and skips kustomize's
// files.
func TestLoadDirWalksGroupFolders(t *testing.T) {
	dir := t.TempDir()
	gadget := strings.ReplaceAll(strings.ReplaceAll(widgetCRD, "widget", "gadget"), "Widget", "Gadget")
	for name, content := range map[string]string{
		"example.com/widgets.yaml":         widgetCRD,
		"example.com/kustomization.yaml":   "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- widgets.yaml\n",
		"other.example.com/a/gadgets.yaml": gadget,
		"kustomization.yaml":               "resources:\n- example.com\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, p, content)
	}
	crds, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 2 || crds[0].Name != "widgets.example.com" || crds[1].Name != "gadgets.example.com" {
		t.Fatalf("loaded %d CRDs", len(crds))
	}
}

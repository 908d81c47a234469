package specsnapshot

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDrift(t *testing.T) {
	top := writeFiles(t, map[string]string{"PROVENANCE.md": "upstream commit " + shaB + "\n"})
	root := filepath.Join(top, "specification")

	got := Drift(root, shaA)
	want := "warning: spec root " + root + " is at commit 0123456789ab (from " + filepath.Join(top, "PROVENANCE.md") +
		"), azure-arm.yaml pins 57a7be857d79: generated output may differ from the committed tree; " +
		"run 'make specs' or point ARMGEN_SPEC_ROOT at a checkout of the pinned commit"
	if got != want {
		t.Errorf("Drift =\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(got, "\n") {
		t.Error("the warning spans lines")
	}

	if got := Drift(root, shaB); got != "" {
		t.Errorf("same commit: %q", got)
	}
	if got := Drift(root, ""); got != "" {
		t.Errorf("no pin: %q", got)
	}
	if got := Drift(filepath.Join(t.TempDir(), "specification"), shaA); got != "" {
		t.Errorf("unknown commit: %q", got)
	}
}

package genruntime

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// The CRD markers and armIDPattern are written out separately, so this guards against one being edited without the other.
func TestARMIDPatternMarkersMatchValidate(t *testing.T) {
	t.Parallel()

	marker := regexp.MustCompile(`\+kubebuilder:validation:Pattern=(".*")\s*$`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}

	found := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}

		for _, line := range regexp.MustCompile(`\r?\n`).Split(string(data), -1) {
			m := marker.FindStringSubmatch(line)
			if m == nil || filepath.Base(file) == "arm_id_test.go" {
				continue
			}

			found++
			pattern, err := strconv.Unquote(m[1])
			if err != nil {
				t.Fatalf("%s: cannot unquote marker %s: %v", file, m[1], err)
			}

			if pattern != armIDPattern.String() {
				t.Errorf("%s: marker pattern %q differs from armIDPattern %q", file, pattern, armIDPattern.String())
			}
		}
	}

	// ResourceReference, KnownResourceReference and ArbitraryOwnerReference each carry one.
	if found != 3 {
		t.Errorf("found %d pattern markers, want 3", found)
	}
}

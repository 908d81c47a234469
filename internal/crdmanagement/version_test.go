package crdmanagement

import "testing"

// TestVersionOrdering: releases by semantic version, pseudo-versions by commit time, anything
// that is no version below every version.
func TestVersionOrdering(t *testing.T) {
	older := []string{
		"",
		"v0.0.0-20261101000000-aaaaaaaaaaaa",
		"v0.0.0-20261126000000-000000000000",
		"v1.0.0-rc.1",
		"v1.0.0",
		"v1.2.0",
		"v1.10.0",
		"v2.0.0",
	}
	for i := range older {
		for j := range older {
			got := CompareVersions(older[i], older[j])
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got != want {
				t.Errorf("CompareVersions(%q, %q) = %d, want %d", older[i], older[j], got, want)
			}
		}
	}
	if CompareVersions("devel", "") != 0 {
		t.Error("devel and no version differ")
	}
}

func TestLabelVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3": "v1.2.3",
		"v0.0.0-20261126065847-06c1ba4abcde+dirty": "v0.0.0-20261126065847-06c1ba4abcde",
		"(devel)": "devel",
		"":        "devel",
	} {
		if got := LabelVersion(in); got != want {
			t.Errorf("LabelVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

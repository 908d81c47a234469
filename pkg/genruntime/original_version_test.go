package genruntime

import "testing"

// TestCurrentVersionNameMapsASOsDeprecatedPrefixes: only a deprecated prefix followed by the
// api-version's digits is renamed; other names, ours included, stand for themselves.
func TestCurrentVersionNameMapsASOsDeprecatedPrefixes(t *testing.T) {
	for in, want := range map[string]string{
		"v1beta20210401":            "v1api20210401",
		"v1beta20210401preview":     "v1api20210401preview",
		"v1alpha1api20210401":       "v1api20210401",
		"v1api20210401":             "v1api20210401",
		"v1api20210401storage":      "v1api20210401storage",
		"v1beta1":                   "v1beta1",
		"v1betax":                   "v1betax",
		"":                          "",
		"v1alpha1api":               "v1alpha1api",
		"v1beta20210401storage-ish": "v1api20210401storage-ish",
	} {
		if got := CurrentVersionName(in); got != want {
			t.Errorf("CurrentVersionName(%q) = %q, want %q", in, got, want)
		}
	}
}

package drift

import (
	"strings"
	"testing"
)

// secretsIn finds the places of sent that hold value, as the reconciler finds them: the body
// made again with the value replaced by a marker.
func secretsIn(t *testing.T, sent, value string) Secrets {
	t.Helper()
	const marker = "\u2063secret\u2063"
	s, err := SecretPaths([]byte(strings.ReplaceAll(sent, value, marker)), func(v string) bool { return strings.Contains(v, marker) })
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSecretsAreWhereTheyAreSent: the places of secrets are found in the marked body, down lists
// and objects; a value that merely contains a secret's text elsewhere is no secret: a Secret map
// holding "1" must not keep a maxmemory-delta of "10" from being recorded and judged.
func TestSecretsAreWhereTheyAreSent(t *testing.T) {
	marked := `{"properties":{"protectedSettings":{"retries":"\u2063s\u2063"},"ext":[{"uri":"x://u:\u2063s\u2063@h"}],"maxmemory-delta":"10"}}`
	s, err := SecretPaths([]byte(marked), func(v string) bool { return strings.Contains(v, "\u2063s\u2063") })
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		"properties.protectedSettings.retries": true,
		"properties.protectedSettings":         true,
		"properties.ext[0].uri":                true,
		"properties.ext":                       true,
		"properties":                           true,
		"(body)":                               true,
		"properties.maxmemory-delta":           false,
		"properties.protectedSettingsX":        false,
	} {
		if got := s.within(path); got != want {
			t.Errorf("within(%s) = %v, want %v", path, got, want)
		}
	}
	if _, err := SecretPaths([]byte(`{`), func(string) bool { return false }); err == nil {
		t.Error("a malformed body is no error")
	}

	sent := `{"properties":{"protectedSettings":{"retries":"1"},"maxmemory-delta":"10"}}`
	afterPut := `{"properties":{"protectedSettings":null,"maxmemory-delta":"642"}}`
	// Made again with the Secret's "1" marked: "10" is untouched, as ConvertToARM puts it.
	secrets, err := SecretPaths([]byte(strings.Replace(sent, `"1"`, `"\u2063s\u2063"`, 1)), func(v string) bool { return strings.Contains(v, "\u2063s\u2063") })
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Build("uid", []byte(sent), []byte(afterPut), secrets)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Len() != 1 {
		t.Fatalf("record holds %d values, want maxmemory-delta's", rec.Len())
	}
	f, err := Find([]byte(sent), []byte(strings.Replace(afterPut, "642", "700", 1)), rec, secrets)
	if err != nil {
		t.Fatal(err)
	}
	if got := path(f); got != "properties.maxmemory-delta" {
		t.Errorf("Find = %q, want properties.maxmemory-delta: a value beside a short secret went unjudged", got)
	}
}

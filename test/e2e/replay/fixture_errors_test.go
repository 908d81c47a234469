package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnreadableFixtureNamesItsFile: a fixture that cannot be read fails the load with its file
// and what is wrong in it, so that a bad fixture is never silently left out of the replay.
func TestUnreadableFixtureNamesItsFile(t *testing.T) {
	const good = `source: {repo: Azure/azure-service-operator, path: p.yaml, commit: "0123456789012345678901234567890123456789", interactions: "0"}
subject: rg
manifest: |
  apiVersion: resources.azure.com/v1api20200601
  kind: ResourceGroup
  metadata: {name: rg}
  spec: {location: westus2}
conversation:
- {id: 0, method: PUT, url: "https://management.azure.com/subscriptions/s/resourceGroups/rg?api-version=2020-06-01", request: '{"location":"westus2"}', status: 200}
`
	for name, tc := range map[string]struct{ text, want string }{
		"misspelt key":    {strings.Replace(good, "subject:", "subjekt:", 1), `unknown field "subjekt"`},
		"body not JSON":   {strings.Replace(good, `'{"location":"westus2"}'`, `'{"location":'`, 1), "conversation[0] (id 0): the request body is not JSON"},
		"no commit":       {strings.Replace(good, "0123456789012345678901234567890123456789", "main", 1), "40-digit commit"},
		"unknown subject": {strings.Replace(good, "subject: rg", "subject: other", 1), `subject "other" names no object`},
		"unknown kind":    {strings.Replace(good, "kind: ResourceGroup", "kind: ResourceGrup", 1), "manifest:"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "broken.yaml")
			if err := os.WriteFile(file, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := loadFixtures(dir, decoder())
			if err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("want an error naming %s and %q, got %v", file, tc.want, err)
			}
		})
	}
	if _, err := loadFixtures(t.TempDir(), decoder()); err == nil || !strings.Contains(err.Error(), "no fixtures") {
		t.Fatalf("an empty folder: want an error, got %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "good.yaml"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadFixtures(dir, decoder()); err != nil {
		t.Fatalf("the good fixture: %v", err)
	}
}

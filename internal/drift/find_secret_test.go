package drift

import (
	"testing"
)

// TestFindLeavesSecretsUnjudged: Azure never shows back a value read from a Secret (it answers
// null, or a mask, as Data Factory's secure strings do): what it answers there says nothing of
// what it holds. Such a value, kept out of the record, must not read as drift either, or every
// resync sends the PUT again. A rotated Secret is sent through the inputs' digest instead.
func TestFindLeavesSecretsUnjudged(t *testing.T) {
	sent := `{"properties":{"password":"hunter2","conn":{"uri":"x://u:hunter2@h"},"sku":"Basic"}}`
	for name, held := range map[string]string{
		"null":             `{"properties":{"password":null,"conn":{"uri":null},"sku":"Basic"}}`,
		"masked":           `{"properties":{"password":"**********","conn":{"uri":"x://u:****@h"},"sku":"Basic"}}`,
		"another shape":    `{"properties":{"password":{"type":"SecureString"},"conn":"***","sku":"Basic"}}`,
		"echoed as it was": `{"properties":{"password":"hunter2","conn":{"uri":"x://u:hunter2@h"},"sku":"Basic"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			rec, err := Build("uid", []byte(sent), []byte(held), secretsIn(t, sent, "hunter2"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := Find([]byte(sent), []byte(held), rec, secretsIn(t, sent, "hunter2"))
			if err != nil {
				t.Fatal(err)
			}
			if f != nil {
				t.Errorf("Find = %q: a secret Azure does not show back read as drift", f.Path)
			}
		})
	}
	// Values beside the secret are still judged.
	held := `{"properties":{"password":null,"conn":{"uri":null},"sku":"Standard"}}`
	f, err := Find([]byte(sent), []byte(held), Record{}, secretsIn(t, sent, "hunter2"))
	if err != nil {
		t.Fatal(err)
	}
	if got := path(f); got != "properties.sku" {
		t.Errorf("Find = %q, want properties.sku", got)
	}
}

package drift

import (
	"fmt"
	"strings"
	"testing"
)

// TestRecordLeavesSecretsOut: a value carrying a secret is not recorded, hashed or otherwise.
func TestRecordLeavesSecretsOut(t *testing.T) {
	sent := `{"properties":{"administratorLoginPassword":"hunter2","connection":{"uri":"x://u:hunter2@h"},"sku":"Basic"}}`
	held := `{"properties":{"administratorLoginPassword":"*****","connection":{"uri":"x://u:****@h"},"sku":"Standard"}}`
	rec, err := Build("uid", []byte(sent), []byte(held), secretsIn(t, sent, "hunter2"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Len() != 1 {
		t.Fatalf("record holds %d values, want only properties.sku", rec.Len())
	}
	if _, ok := rec.lookup("properties.administratorLoginPassword", "hunter2"); ok {
		t.Error("the password's path was recorded")
	}
	if strings.Contains(rec.String(), "hunter2") {
		t.Error("the record holds the secret in clear")
	}
}

// TestRecordIsSmallAndBounded: only values Azure changed are recorded, each in a fixed size;
// a record past MaxRecordBytes keeps what fits and says how many it dropped.
func TestRecordIsSmallAndBounded(t *testing.T) {
	var sent, held strings.Builder
	sent.WriteString(`{"tags":{`)
	held.WriteString(`{"tags":{`)
	const n = 2000
	for i := range n {
		if i > 0 {
			sent.WriteString(",")
			held.WriteString(",")
		}
		fmt.Fprintf(&sent, `"k%d":"%s"`, i, strings.Repeat("v", 200))
		fmt.Fprintf(&held, `"k%d":"%s"`, i, strings.Repeat("w", 200))
	}
	sent.WriteString("}}")
	held.WriteString("}}")
	rec, err := Build("uid", []byte(sent.String()), []byte(held.String()), Secrets{})
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.String(); len(s) > MaxRecordBytes {
		t.Errorf("record is %d bytes, more than %d", len(s), MaxRecordBytes)
	}
	if rec.Dropped == 0 || rec.Dropped+rec.Len() != n {
		t.Errorf("kept %d, dropped %d of %d", rec.Len(), rec.Dropped, n)
	}
	same, _ := Build("uid", []byte(sent.String()), []byte(held.String()), Secrets{})
	if same.String() != rec.String() {
		t.Error("the same answer made another record")
	}
	if r, _ := Build("uid", []byte(`{"location":"westus"}`), []byte(`{"location":"West US"}`), Secrets{}); r.String() != "" {
		t.Errorf("an answer equivalent to what was sent made a record %q", r.String())
	}
}

// TestParseRefusesCorruptAndOversizedRecords: what String did not write is an error saying why.
func TestParseRefusesCorruptAndOversizedRecords(t *testing.T) {
	cases := map[string]string{
		"another format":          "v0:AAAA",
		"not base64":              "v1:!!!",
		"a partial entry":         "v1:AAAA",
		"oversized":               "v1:" + strings.Repeat("A", MaxRecordBytes),
		"an edit in another form": `{"tags.env":"x"}`,
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse("uid", text); err == nil {
				t.Errorf("Parse(%.20q) is no error", text)
			}
		})
	}
	if r, err := Parse("uid", ""); err != nil || r.Len() != 0 {
		t.Errorf("an empty record: %v, %d", err, r.Len())
	}
}

package loader

import (
	"encoding/json"
	"strings"
	"testing"
)

var validScanCases = []string{
	``, ` `, `{}`, `[]`, `{"a":1}`, `{"a":1,}`, `[1,]`, `[,1]`, `{"a" 1}`, `{1:2}`, `"x"`, `"\x"`, `"\u12G4"`,
	`"\u12"`, "\"\x01\"", "\"\xff\"", `"\/\b\f\n\r\t\"\\"`, `tru`, `true`, `truex`, `nul`, `null `, ` false`,
	`-`, `-0`, `01`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1E-7`, `-0.0e0`, `1 2`, `{"a":[1,{"b":null}]}`,
	`{"a":"}"}`, `{"a":1}}`, `[[[`, `]`, "\ufeff{}", "{\"a\":\t\n\r 1}", `{"a":1 "b":2}`,
	strings.Repeat("[", maxNesting) + strings.Repeat("]", maxNesting),
	strings.Repeat("[", maxNesting+1) + strings.Repeat("]", maxNesting+1),
	strings.Repeat(`{"a":`, maxNesting) + "1" + strings.Repeat("}", maxNesting),
	strings.Repeat(`{"a":`, maxNesting+1) + "1" + strings.Repeat("}", maxNesting+1),
}

// The single-pass validator agrees with json.Valid, nesting limit included.
func TestValidJSONMatchesEncodingJSON(t *testing.T) {
	for _, c := range validScanCases {
		if got, want := validJSON([]byte(c)), json.Valid([]byte(c)); got != want {
			t.Errorf("validJSON(%.40q) = %v, json.Valid says %v", c, got, want)
		}
	}
}

func FuzzValidJSONMatchesEncodingJSON(f *testing.F) {
	for _, c := range validScanCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := validJSON(data), json.Valid(data); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid says %v", data, got, want)
		}
	})
}

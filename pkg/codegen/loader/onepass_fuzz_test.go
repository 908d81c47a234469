package loader

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// onePassEdgeCases are values that take each branch of the one-pass decoders: shapes they read
// and shapes they must leave to go-openapi (repeated and case-folded keys, numbers out of range,
// a $ref that is no string, nulls, escapes, invalid UTF-8).
var onePassEdgeCases = []string{
	`{"type":"object","properties":{"a":{"type":"string","enum":["x","y"],"x-ms-enum":{"name":"E","modelAsString":true}},"b":null},"required":["a"],"additionalProperties":false}`,
	`{"type":["string","null"],"items":[{"type":"string"},null],"allOf":[],"oneOf":null,"additionalProperties":{"type":"integer","format":"int32"}}`,
	`{"items":"x","additionalProperties":true,"default":{"k":[1,2.5,-3e2,true,null]},"example":"\u00e9\ud83d\ude00","X-Upper":1,"x-Mixed":[],"other":{"z":1}}`,
	`{"$ref":"#/definitions/A","description":"d\n\"q\"","$ref":"#/definitions/B"}`,
	`{"$ref":5,"title":"t"}`,
	`{"$ref":"http://[::1","title":"bad ref"}`,
	`{"$schema":"http://json-schema.org/draft-04/schema#"}`,
	`{"type":"string","type":"integer"}`,
	`{"Type":"string"}`,
	`{"descrİption":"non-ASCII key"}`,
	`{"maximum":1e999}`,
	`{"other":1e999}`,
	`{"xml":{"name":"n","zz":1e999}}`,
	`{"maxLength":1.5,"minLength":-2,"maxItems":3,"minItems":0,"multipleOf":0.5,"minimum":-1,"maximum":1e10,"exclusiveMinimum":true}`,
	`{"description":5}`,
	`{"readOnly":"yes"}`,
	`{"required":["a",null]}`,
	`{"type":5}`,
	`{"not":{"type":"string"},"patternProperties":{"^a":{}},"dependencies":{"a":["b"]},"definitions":{"d":{}},"externalDocs":{"url":"u"},"id":"i","nullable":null}`,
	`{"description":"bad utf8 ` + "\xff" + `"}`,
	`{"name":"p","in":"body","required":true,"schema":{"$ref":"#/definitions/A"},"x-ms-parameter-location":"method","x-ms-client-flatten":true}`,
	`{"name":"api-version","in":"query","type":"string","items":{"type":"string","enum":["a"],"x-e":1,"ignored":2},"collectionFormat":"csv","default":"a","$ref":"#/parameters/P"}`,
	`{"name":"n","Name":"m"}`,
	`{"name":"n","in":"path","ignored":[1e999]}`,
	`{"name":"n","schema":"s"}`,
	`{"parameters":[{"$ref":"#/parameters/A"},null],"put":{"parameters":[{"name":"b","in":"body","schema":{"type":"object"}}],"responses":{}},"get":{"responses":{"200":{"description":"ok","schema":{"$ref":"#/definitions/R"}},"default":null}},"delete":null,"post":{"x":1e999}}`,
	`{"PUT":{}}`,
	`{"put":null,"get":{"responses":null}}`,
	`{"get":{"responses":{"200":{"schema":5}}}}`,
	`{"parameters":[5]}`,
	`{"put":{},"put":{"parameters":[]}}`,
	`null`, `[]`, `"s"`, `5`, `{}`,
}

// TestOnePassEdgeCases runs every edge case through each decoder.
func TestOnePassEdgeCases(t *testing.T) {
	for i, c := range onePassEdgeCases {
		for _, kind := range []string{"definitions", "parameters", "paths"} {
			onePassCase(t, fmt.Sprintf("%s case %d", kind, i), kind, []byte(c))
		}
	}
	// The shapes ARM swagger is made of must be read in one pass, not handed back.
	for _, c := range []struct{ kind, json string }{
		{"definitions", onePassEdgeCases[0]}, {"definitions", onePassEdgeCases[1]},
		{"definitions", onePassEdgeCases[2]}, {"definitions", onePassEdgeCases[3]},
		{"parameters", onePassEdgeCases[20]}, {"parameters", onePassEdgeCases[21]},
		{"paths", onePassEdgeCases[25]},
	} {
		if !onePassCase(t, c.kind, c.kind, []byte(c.json)) {
			t.Errorf("%s %s was left to go-openapi, want it read in one pass", c.kind, c.json)
		}
	}
}

// FuzzOnePassDecoding: on arbitrary valid JSON, the one-pass decoders accept only what
// go-openapi accepts and decode it deep-equal, and decodeValid's result and error are
// go-openapi's. Seeds are the edge cases and every value of the hand-written fixtures.
func FuzzOnePassDecoding(f *testing.F) {
	for _, c := range onePassEdgeCases {
		f.Add([]byte(c))
	}
	root := "../../../specs/testdata/specification"
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		doc, err := ParseDocument(p, data)
		if err != nil {
			return nil
		}
		eachOutlineValue(doc, func(_, _ string, raw []byte) { f.Add([]byte(raw)) })
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = []byte(strings.TrimSpace(string(data))) // values reach the decoders trimmed
		if !json.Valid(data) {
			return // ParseDocument refuses the file before anything is decoded
		}
		for _, kind := range []string{"definitions", "parameters", "paths"} {
			onePassCase(t, kind, kind, data)
		}
	})
}

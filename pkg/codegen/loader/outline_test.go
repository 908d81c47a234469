package loader

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testspecs"
)

// outlineByEncodingJSON is what ParseDocument decoded before the splitter: the reference.
func outlineByEncodingJSON(data []byte) (rawDocument, error) {
	var raw rawDocument
	err := json.Unmarshal(data, &raw)
	return raw, err
}

// checkOutline requires ParseDocument's outline of data to be encoding/json's, or both to fail
// with the same error.
func checkOutline(t *testing.T, name string, data []byte) {
	t.Helper()
	want, wantErr := outlineByEncodingJSON(data)
	d, err := ParseDocument(name, data)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%s: error %v, encoding/json's %v", name, err, wantErr)
	}
	if err != nil {
		if werr := jsonError(name, data, wantErr); err.Error() != werr.Error() {
			t.Fatalf("%s: error %q, want %q", name, err, werr)
		}
		return
	}
	// ParseDocument folds x-ms-paths into paths; fold the reference the same way.
	for k, v := range want.XMSPaths {
		if want.Paths == nil {
			want.Paths = map[string]json.RawMessage{}
		}
		if _, dup := want.Paths[k]; !dup {
			want.Paths[k] = v
		}
	}
	got := rawDocument{Paths: d.rawPaths, Definitions: d.rawDefinitions, Parameters: d.rawParameters}
	want.XMSPaths = nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s: outline differs from encoding/json's (-want +got):\n%s", name, diff)
	}
}

func TestOutlineMatchesEncodingJSON(t *testing.T) {
	cases := map[string]string{
		"plain":              `{"swagger":"2.0","paths":{"/a":{"put":{}}},"definitions":{"A":{"type":"object"}},"parameters":{"p":{"in":"path"}}}`,
		"spaces":             " \n{ \"definitions\" : { \"A\" : { \"type\" : \"string\" } , \"B\" : [ 1 , 2 ] } }\n",
		"escaped keys":       `{"definitions":{"A\"B":{},"C\\":{},"\u0044":{},"é":1}}`,
		"escaped values":     `{"definitions":{"A":{"description":"a \"quoted\" {brace} [and] \\"},"B":"x\\\\","C":"\"}","D":{"e":"\\\"]"}}}`,
		"repeated keys":      `{"definitions":{"A":1,"A":2},"definitions":{"B":3}}`,
		"null outline":       `{"definitions":{"A":1},"definitions":null}`,
		"null value":         `{"definitions":{"A":null}}`,
		"empty":              `{}`,
		"empty maps":         `{"paths":{},"definitions":{}}`,
		"x-ms-paths":         `{"paths":{"/a":1},"x-ms-paths":{"/a?x":2,"/a":3}}`,
		"other case":         `{"Definitions":{"A":1}}`,
		"not an object":      `{"definitions":[1]}`,
		"string outline":     `{"paths":"x"}`,
		"top array":          `[1,2]`,
		"invalid":            "{\n  \"definitions\": {\n    \"A\": {,}\n  }\n}",
		"truncated":          `{"definitions":{"A":`,
		"truncated at value": `{"definitions":`,
		"numbers and bools":  `{"definitions":{"A":-1.5e3,"B":true,"C":false},"info":{"x":[{"y":"}"}]}}`,
		"invalid utf8 key":   "{\"definitions\":{\"A\xff\":1}}",
	}
	// These go to encoding/json on purpose; every other case must be split without it, or the
	// comparison would only be encoding/json against itself.
	toEncodingJSON := map[string]bool{"other case": true, "not an object": true, "string outline": true,
		"top array": true, "invalid": true, "truncated": true, "truncated at value": true}
	for name, doc := range cases {
		t.Run(name, func(t *testing.T) {
			checkOutline(t, name, []byte(doc))
			var raw rawDocument
			if split := json.Valid([]byte(doc)) && splitOutline([]byte(doc), &raw); split == toEncodingJSON[name] {
				t.Fatalf("split by the splitter: %v, want %v", split, !toEncodingJSON[name])
			}
		})
	}
}

// Every swagger file of the fixtures (specs/testdata), and of the corpus when there is one, splits as
// encoding/json decodes it.
func TestOutlineMatchesEncodingJSONOnSwagger(t *testing.T) {
	var files []string
	_ = filepath.WalkDir(filepath.Join("..", "..", "..", "specs", "testdata"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return nil
	})
	if root := testspecs.Optional(t); root != "" {
		ms, _ := filepath.Glob(filepath.Join(root, "network", "resource-manager", "Microsoft.Network", "stable", "2021-02-01", "*.json"))
		if len(ms) == 0 {
			t.Fatalf("no swagger of Microsoft.Network 2021-02-01 under %s", root)
		}
		files = append(files, ms...)
	}
	if len(files) == 0 {
		t.Fatal("no swagger files found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkOutline(t, f, data)
	}
}

func FuzzOutlineMatchesEncodingJSON(f *testing.F) {
	f.Add([]byte(`{"paths":{"/a":{"put":{}}},"definitions":{"A\"":{"x":"\\"}}}`))
	f.Add([]byte(`{"definitions":{"A":1},"Definitions":null,"parameters":{"p":[1,{"a":"]"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) { checkOutline(t, "fuzz.json", data) })
}

func BenchmarkParseDocument(b *testing.B) {
	root := corpusRoot(b)
	data, err := os.ReadFile(filepath.Join(root, "network", "resource-manager", "Microsoft.Network", "stable", "2021-02-01", "virtualWan.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		if _, err := ParseDocument("virtualWan.json", data); err != nil {
			b.Fatal(err)
		}
	}
}

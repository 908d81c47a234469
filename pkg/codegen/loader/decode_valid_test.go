package loader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/internal/testspecs"
)

// decodeEach decodes every path, definition and parameter of d with decode.
func decodeEach(tb testing.TB, d *Document, decode func([]byte, any) error) (map[string]any, map[string]string) {
	tb.Helper()
	out, errs := map[string]any{}, map[string]string{}
	each := func(kind string, raw map[string]json.RawMessage, fresh func() any) {
		for k, data := range raw {
			v := fresh()
			if err := decode(data, v); err != nil {
				errs[kind+"/"+k] = err.Error()
			}
			out[kind+"/"+k] = v
		}
	}
	each("paths", d.rawPaths, func() any { return new(spec.PathItem) })
	each("definitions", d.rawDefinitions, func() any { return new(spec.Schema) })
	each("parameters", d.rawParameters, func() any { return new(spec.Parameter) })
	return out, errs
}

// Decoding an already validated value directly gives what json.Unmarshal gives, errors included.
func TestDecodeValidMatchesUnmarshal(t *testing.T) {
	docs := map[string][]byte{
		"mismatch.json": []byte(`{"definitions":{"A":{"type":"object","properties":{"x":{"type":5}}},"B":null,"C":{"$ref":7}},` +
			`"paths":{"/a":{"put":{"parameters":[{"in":"body","schema":{"type":"string"}}]}},"/b":{"get":"no"}},"parameters":{"p":{"in":[1]}}}`),
	}
	if root := testspecs.Optional(t); root != "" {
		ms, _ := filepath.Glob(filepath.Join(root, "network", "resource-manager", "Microsoft.Network", "stable", "2021-02-01", "*.json"))
		for _, f := range ms {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs[f] = data
		}
	}
	for name, data := range docs {
		d, err := ParseDocument(name, data)
		if err != nil {
			t.Fatal(err)
		}
		want, wantErrs := decodeEach(t, d, json.Unmarshal)
		got, gotErrs := decodeEach(t, d, decodeValid)
		if name == "mismatch.json" && len(wantErrs) < 3 {
			t.Fatalf("the mismatched fixture decodes with errors %v, want one per mismatched value", wantErrs)
		}
		if !reflect.DeepEqual(wantErrs, gotErrs) {
			t.Fatalf("%s: errors %v, json.Unmarshal's %v", name, gotErrs, wantErrs)
		}
		if !reflect.DeepEqual(want, got) {
			for k := range want {
				if !reflect.DeepEqual(want[k], got[k]) {
					t.Fatalf("%s: %s decodes differently from json.Unmarshal", name, k)
				}
			}
		}
	}
}

func benchmarkDecode(b *testing.B, decode func([]byte, any) error) {
	root := corpusRoot(b)
	data, err := os.ReadFile(filepath.Join(root, "network", "resource-manager", "Microsoft.Network", "stable", "2021-02-01", "virtualWan.json"))
	if err != nil {
		b.Fatal(err)
	}
	d, err := ParseDocument("virtualWan.json", data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for range b.N {
		decodeEach(b, d, decode)
	}
}

func BenchmarkDecodeUnmarshal(b *testing.B) { benchmarkDecode(b, json.Unmarshal) }
func BenchmarkDecodeValid(b *testing.B)     { benchmarkDecode(b, decodeValid) }

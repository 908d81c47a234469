package yamlenc

import (
	"errors"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"
	"pgregory.net/rapid"
	sigsyaml "sigs.k8s.io/yaml"
)

// tricky are strings that take every path of yaml/v2's scalar rules: what reads as another type,
// indicators, quotes, breaks, escapes, characters it will not print, long text that folds.
var tricky = []string{
	"", " ", "a", "true", "True", "yes", "on", "NO", "~", "null", "<<", "0", "-0", "+1", "1_000", "0x1F", "0o17", "0b101", "-0b11",
	"1.5", ".5", "1e3", "1.", ".inf", "-.Inf", ".nan", "1:20", "-1:30:00.5", "2020-06-01", "2020-6-1T10:20:30Z", "2020-06-01 10:20:30",
	"2020-13-45", "12345", "9223372036854775808", "18446744073709551616", "v1api20200601", "a: b", "a:b", "- x", "-x", "-", "--", "---", "---x",
	"...", "? x", "?x", ":x", "x:", "x #y", "x#y", "#x", ",", "[x]", "{x}", "&a", "*a", "!t", "|", ">", "'q'", "\"d\"", "%", "@x", "`x",
	"tab\there", "lead ", " trail", "two  spaces", "line\nbreak", "trailing\n", "trailing\n\n", "\nlead", "\n", "\n\n", " \nx", "x \ny",
	"x\n y", "cr\rhere", "nel\u0085x", "ls\u2028x", "ps\u2029x", "nbsp\u00a0x", "c1\u0080x", "bel\ax", "esc\x1bx", "nul\x00x", "back\\slash",
	"\ufeffbom first", "bom\ufeffinside", "\ufffe", "é ✓ 中文", "emoji 😀", "a\u00adb", "q'uote", "quo\"te", "x\ty\n\tz",
	strings.Repeat("word ", 40), strings.Repeat("longword", 20) + " end", "A description with: colons, dashes - and # marks, " + strings.Repeat("and more words ", 10),
	strings.Repeat("x", 90) + "  two spaces " + strings.Repeat("y ", 50), "'" + strings.Repeat("quoted words ", 12) + "'",
	"\"" + strings.Repeat("a \\ b ", 20), strings.Repeat("line one\nline two with more words ", 6), "   " + strings.Repeat("z ", 60),
	strings.Repeat("é ", 60), "tab\t" + strings.Repeat("w ", 60) + "\x01",
}

func check(t interface {
	Helper()
	Fatalf(string, ...any)
}, v any) {
	t.Helper()
	want, err := yaml.Marshal(v)
	if err != nil {
		t.Fatalf("yaml/v2: %v", err)
	}
	got, err := Marshal(v)
	if err != nil {
		t.Fatalf("yamlenc: %v", err)
	}
	if string(got) != string(want) {
		t.Fatalf("yamlenc differs from yaml/v2 for %#v:\n got: %q\nwant: %q", v, got, want)
	}
}

func TestMatchesYAMLv2OnTrickyScalars(t *testing.T) {
	for _, s := range tricky {
		check(t, s)
		check(t, map[string]any{"k": s})
		check(t, map[string]any{"deep": map[string]any{"er": []any{s, map[string]any{"x": s}}}})
		check(t, []any{s, []any{s}})
		if simpleKey(s) {
			check(t, map[string]any{s: s})
		}
	}
}

func TestMatchesYAMLv2OnShapes(t *testing.T) {
	for _, v := range []any{
		nil, true, false, 0, -7, int64(1) << 62, uint64(1) << 63, 0.5, -1.25e-7, 1e21, 3.0,
		map[string]any{}, []any{}, map[string]any{"a": map[string]any{}, "b": []any{}},
		[]any{[]any{[]any{"x"}}, map[string]any{}, []any{}},
		map[string]any{"list": []any{map[string]any{"a": 1, "b": []any{"x", "y"}}, map[string]any{}}},
		map[string]any{"b": 1, "a10": 2, "a9": 3, "A": 4, "_": 5, "1": 6, "01": 7, "a1": 8, "a01": 9, "é": 10, "z": nil, "-x": 11},
		map[string]any{"k": "line\nbreak", "nested": map[string]any{"k": "  leading\nbreak\n"}},
	} {
		check(t, v)
	}
}

func TestRefusesWhatItCannotWrite(t *testing.T) {
	for _, v := range []any{"\xff", map[string]any{strings.Repeat("k", 129): 1}, map[string]any{"two\nlines": 1}, struct{}{}, float32(1)} {
		if _, err := Marshal(v); !errors.Is(err, ErrUnsupported) {
			t.Errorf("Marshal(%#v) = %v, want ErrUnsupported", v, err)
		}
	}
}

// A JSON document through sigs.k8s.io/yaml, and through encoding/json and this package, give the
// same YAML once numbers are what YAML reads (the CRD emitter's case).
func TestMatchesSigsYAMLOnJSON(t *testing.T) {
	doc := `{"apiVersion":"v1","spec":{"n":3,"f":0.5,"big":1e21,"list":[{"name":"a","description":"` + strings.Repeat("word ", 30) + `"}],"empty":{},"none":[],"null":null}}`
	want, err := sigsyaml.JSONToYAML([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	got, err := Marshal(jsonish(v))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("differs from sigs.k8s.io/yaml:\n got: %s\nwant: %s", got, want)
	}
}

// jsonish turns yaml/v2's map[any]any into map[string]any.
func jsonish(v any) any {
	switch v := v.(type) {
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k.(string)] = jsonish(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = jsonish(e)
		}
	}
	return v
}

func TestMatchesYAMLv2OnRandomTrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		check(t, genTree(t, 4))
	})
}

func genString(t *rapid.T, label string) string {
	return rapid.OneOf(
		rapid.SampledFrom(tricky),
		rapid.StringMatching(`[a-zA-Z0-9 :#'"\-\n\t.]{0,120}`),
		rapid.String(),
	).Draw(t, label)
}

func genTree(t *rapid.T, depth int) any {
	kinds := 6
	if depth == 0 {
		kinds = 4
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0:
		return genString(t, "s")
	case 1:
		return rapid.OneOf(rapid.Just[any](nil), rapid.Just[any](true), rapid.Just[any](false)).Draw(t, "b")
	case 2:
		return rapid.Int().Draw(t, "i")
	case 3:
		return rapid.Float64().Draw(t, "f")
	case 4:
		m := map[string]any{}
		for range rapid.IntRange(0, 4).Draw(t, "n") {
			k := genString(t, "k")
			if simpleKey(k) {
				m[k] = genTree(t, depth-1)
			}
		}
		return m
	default:
		l := []any{}
		for range rapid.IntRange(0, 4).Draw(t, "n") {
			l = append(l, genTree(t, depth-1))
		}
		return l
	}
}

func FuzzMatchesYAMLv2(f *testing.F) {
	for _, s := range tricky {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, key, value string) {
		v := map[string]any{"a": value, "list": []any{value, map[string]any{"x": value}}}
		if simpleKey(key) {
			v[key] = value
		}
		if _, err := Marshal(v); errors.Is(err, ErrUnsupported) {
			return
		}
		check(t, v)
	})
}

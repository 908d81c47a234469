package exporters

import (
	"errors"
	"testing"
)

func TestLookup(t *testing.T) {
	doc, err := decode([]byte(`{
		"name": "r1",
		"properties": {"hostName": "r1.redis.cache.windows.net", "port": 6379, "sslPort": 6380, "ratio": 0.5,
		               "enableNonSslPort": false, "empty": null, "tags": {"a": "b"}},
		"keys": [{"keyName": "key1", "value": "k1"}, {"keyName": "key2", "value": "k2"}],
		"Primary": "case",
		"matrix": [[1, 2], [3, 4]]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path, want string
		missing    bool
		bad        bool
	}{
		{path: "name", want: "r1"},
		{path: "properties.hostName", want: "r1.redis.cache.windows.net"},
		{path: "properties.port", want: "6379"},
		{path: "properties.ratio", want: "0.5"},
		{path: "properties.enableNonSslPort", want: "false"},
		{path: "properties.tags", want: `{"a":"b"}`},
		{path: "keys[0].value", want: "k1"},
		{path: "keys[1].keyName", want: "key2"},
		{path: "matrix[1][0]", want: "3"},
		{path: "primary", want: "case"}, // a service that changes the case of a key
		{path: "properties.empty", missing: true},
		{path: "properties.nope", missing: true},
		{path: "keys[2].value", missing: true},
		{path: "name.first", missing: true},
		{path: "properties[0]", missing: true},
		{path: "", bad: true},
		{path: "keys[x]", bad: true},
		{path: "keys[0", bad: true},
		{path: "a..b", bad: true},
		{path: "a.", bad: true},
		{path: ".a", bad: true},
		{path: "keys[0]value", bad: true},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			got, err := lookup(doc, c.path)
			var nf errNotFound
			switch {
			case c.missing:
				if !errors.As(err, &nf) {
					t.Fatalf("got %q, %v; want not found", got, err)
				}
			case c.bad:
				if err == nil || errors.As(err, &nf) {
					t.Fatalf("got %q, %v; want a syntax error", got, err)
				}
			default:
				if err != nil || got != c.want {
					t.Fatalf("got %q, %v; want %q", got, err, c.want)
				}
			}
		})
	}
}

func TestLookupTopLevelList(t *testing.T) {
	doc, _ := decode([]byte(`[{"value": "a"}, {"value": "b"}]`))
	if got, err := lookup(doc, "[1].value"); err != nil || got != "b" {
		t.Fatalf("got %q, %v", got, err)
	}
}

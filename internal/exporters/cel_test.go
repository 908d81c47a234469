package exporters

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestSecretsUsed(t *testing.T) {
	cases := []struct {
		expr string
		want []string
		all  bool
	}{
		{expr: `"x"`},
		{expr: `self.spec.location`},
		{expr: `secret.primaryKey`, want: []string{"primaryKey"}},
		{expr: `secret["primaryKey"] + ":" + secret.secondaryKey`, want: []string{"primaryKey", "secondaryKey"}},
		{expr: `has(secret.hostName) ? secret.hostName : ""`, want: []string{"hostName"}},
		{expr: `secret.?port.orValue("6380")`, want: []string{"port"}},
		{expr: `{"a": secret.primaryKey, "b": self.metadata.name}`, want: []string{"primaryKey"}},
		{expr: `[secret.primaryKey, secret.primaryKey].join(",")`, want: []string{"primaryKey"}},
		{expr: `self.spec.tags.map(k, secret.primaryKey + k).join(",")`, want: []string{"primaryKey"}},
		{expr: `secret`, all: true},
		{expr: `secret[self.spec.which]`, all: true},
		{expr: `secret.map(k, k).join(",")`, all: true},
	}
	ps, err := newPrograms(10)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			p := ps.get(toSecret, c.expr)
			if p.err != nil {
				t.Fatal(p.err)
			}
			if p.allSecrets != c.all || !slices.Equal(p.secrets, c.want) {
				t.Errorf("got %v all=%v, want %v all=%v", p.secrets, p.allSecrets, c.want, c.all)
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	self := map[string]any{
		"metadata": map[string]any{"name": "r1", "namespace": "ns"},
		"spec":     map[string]any{"location": "westus", "tags": map[string]any{"env": "dev"}},
		"status":   map[string]any{"hostName": "r1.example", "sslPort": int64(6380)},
	}
	secret := map[string]string{"primaryKey": "sekrit-value-123"}
	cases := []struct {
		name, expr string
		kind       destKind
		want       result
		compileErr string
		evalErr    string
	}{
		{name: "string", expr: `self.metadata.name + "." + self.spec.location`, kind: toConfigMap, want: result{value: "r1.westus"}},
		{name: "number in a string", expr: `self.status.hostName + ":" + string(self.status.sslPort)`, kind: toConfigMap, want: result{value: "r1.example:6380"}},
		{name: "connection string from self and secret", kind: toSecret,
			expr: `"rediss://:" + secret.primaryKey + "@" + self.status.hostName + ":" + string(self.status.sslPort)`,
			want: result{value: "rediss://:sekrit-value-123@r1.example:6380"}},
		{name: "map", expr: `{"host": self.status.hostName, "loc": self.spec.location}`, kind: toConfigMap,
			want: result{isMap: true, values: map[string]string{"host": "r1.example", "loc": "westus"}}},
		{name: "map from self", expr: `self.spec.tags`, kind: toConfigMap, want: result{isMap: true, values: map[string]string{"env": "dev"}}},
		{name: "optional", expr: `self.status.?missing.orValue("none")`, kind: toConfigMap, want: result{value: "none"}},
		{name: "strings extension", expr: `self.spec.location.upperAscii()`, kind: toConfigMap, want: result{value: "WESTUS"}},
		{name: "syntax error", expr: `self.spec.location +`, kind: toConfigMap, compileErr: "Syntax error"},
		{name: "secret in a config map", expr: `secret.primaryKey`, kind: toConfigMap, compileErr: "undeclared reference to 'secret'"},
		{name: "int result", expr: `1 + 2`, kind: toConfigMap, compileErr: "returns int"},
		{name: "list result", expr: `["a"]`, kind: toConfigMap, compileErr: "returns list(string)"},
		{name: "missing property", expr: `self.status.nope`, kind: toConfigMap, evalErr: "no such key: nope"},
		{name: "int at run time", expr: `self.status.sslPort`, kind: toConfigMap, evalErr: "returned a value of type int"},
		{name: "map of ints", expr: `{"port": self.status.sslPort}`, kind: toConfigMap, evalErr: "not all strings"},
	}
	ps, err := newPrograms(100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ps.get(c.kind, c.expr)
			if c.compileErr != "" {
				if p.err == nil || !strings.Contains(p.err.Error(), c.compileErr) {
					t.Fatalf("compile error %v, want one with %q", p.err, c.compileErr)
				}
				if strings.Contains(p.err.Error(), "\n") {
					t.Errorf("a multi-line message: %q", p.err)
				}
				return
			}
			if p.err != nil {
				t.Fatal(p.err)
			}
			var sec map[string]string
			if c.kind == toSecret {
				sec = secret
			}
			got, err := p.eval(context.Background(), self, sec)
			if c.evalErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.evalErr) {
					t.Fatalf("got %+v, %v; want an error with %q", got, err, c.evalErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.value != c.want.value || got.isMap != c.want.isMap || len(got.values) != len(c.want.values) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			for k, v := range c.want.values {
				if got.values[k] != v {
					t.Errorf("key %s: got %q, want %q", k, got.values[k], v)
				}
			}
		})
	}
}

// TestProgramCache: an expression is compiled once per kind, and the cache keeps only the most
// recently used.
func TestProgramCache(t *testing.T) {
	ps, err := newPrograms(2)
	if err != nil {
		t.Fatal(err)
	}
	a := ps.get(toSecret, `"a"`)
	if ps.get(toSecret, `"a"`) != a {
		t.Error("the same expression was compiled twice")
	}
	if ps.get(toConfigMap, `"a"`) == a {
		t.Error("a config map expression shares the secret environment's program")
	}
	ps.get(toSecret, `"b"`) // evicts "a" in the secret environment, the least recently used
	if ps.lru.Len() != 2 {
		t.Errorf("%d programs kept, want 2", ps.lru.Len())
	}
	if ps.get(toSecret, `"a"`) == a {
		t.Error("an evicted program was kept")
	}
	bad := ps.get(toConfigMap, `"unterminated`)
	if bad.err == nil || ps.get(toConfigMap, `"unterminated`) != bad {
		t.Error("a compile error is not kept like a program")
	}
}

func TestRedact(t *testing.T) {
	msg := redact(`type conversion error from 'string' to 'int': strconv.ParseInt: parsing "sekrit-value-123": invalid syntax; and sekrit-value-123 again`,
		map[string]string{"primaryKey": "sekrit-value-123", "port": "1"})
	if strings.Contains(msg, "sekrit") {
		t.Errorf("a secret in %q", msg)
	}
	if !strings.Contains(msg, "invalid syntax") {
		t.Errorf("the cause went too: %q", msg)
	}
}

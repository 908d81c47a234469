package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// parser walks the YAML tree once, in document order, and stops at the first
// problem: one precise error is more useful than a cascade of follow-on
// errors caused by the same indentation slip.
type parser struct {
	cfg      *Config
	settings []Setting
}

func pos(n *yaml.Node) Position { return Position{Line: n.Line, Column: n.Column} }

func (p *parser) fail(path string, n *yaml.Node, suggestion, format string, args ...any) error {
	return NewError(p.cfg, path, pos(n), fmt.Sprintf(format, args...), suggestion)
}

// join quotes keys that could make a path ambiguous or spill control
// characters into a terminal; every valid name passes through unquoted.
func join(path, key string) string {
	if !plainKey(key) {
		key = strconv.Quote(key)
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

func plainKey(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		if !isAlnum(key[i]) && strings.IndexByte("$_-", key[i]) < 0 {
			return false
		}
	}
	return true
}

// entry is one key/value pair of a mapping whose key has been checked to be
// a plain, unique scalar.
type entry struct {
	key     string
	keyNode *yaml.Node
	value   *yaml.Node
	path    string
}

// eachEntry calls fn for every pair of mapping m, checking each key just
// before its value is visited so that errors still come in document order.
// yaml.v3 only rejects duplicate keys when decoding into Go values, so the
// node API leaves that check to us.
func (p *parser) eachEntry(m *yaml.Node, path string, fn func(e entry) error) error {
	seen := make(map[string]*yaml.Node, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if err := p.checkKey(k, path); err != nil {
			return err
		}
		e := entry{key: k.Value, keyNode: k, value: v, path: join(path, k.Value)}
		if first, dup := seen[e.key]; dup {
			return p.fail(e.path, k, "", "duplicate key (first defined at line %d, column %d)", first.Line, first.Column)
		}
		seen[e.key] = k
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) checkKey(k *yaml.Node, path string) error {
	switch {
	case k.Kind == yaml.AliasNode:
		return p.aliasError(k, path)
	case k.Kind != yaml.ScalarNode:
		return p.fail(path, k, "", "expected a plain key, found %s", describe(k))
	case k.ShortTag() == "!!merge":
		// Merging would hide where a setting really comes from, which
		// defeats reporting positions; the config is small enough to write out.
		return p.fail(path, k, "", "YAML merge keys (<<) are not supported; write the settings out")
	}
	return nil
}

// Aliases are refused rather than followed: yaml.v3 lets an alias point at
// its own ancestor, so following them could loop forever, and a setting
// reached through an alias has no single position to report.
func (p *parser) aliasError(n *yaml.Node, path string) error {
	return p.fail(path, n, "", "YAML aliases (*%s) are not supported; write the value out", n.Value)
}

// typeError reports a value of the wrong kind, naming what was found so the
// user can tell an indentation slip (a mapping) from a wrong value.
func (p *parser) typeError(n *yaml.Node, path, want, suggestion string) error {
	if n.Kind == yaml.AliasNode {
		return p.aliasError(n, path)
	}
	return p.fail(path, n, suggestion, "expected %s, found %s", want, describe(n))
}

func (p *parser) mapping(n *yaml.Node, path, what string) error {
	if n.Kind != yaml.MappingNode {
		return p.typeError(n, path, what, "")
	}
	return nil
}

// boolValue accepts only YAML 1.2 booleans (true/false in any case): yes, no,
// on and off are strings in YAML 1.2 and silently reading them as booleans
// is exactly the kind of surprise a config file should not spring.
func (p *parser) boolValue(n *yaml.Node, path string) (bool, error) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, p.typeError(n, path, "a boolean (true or false)", "")
}

// stringValue refuses numbers, booleans and nulls instead of using their
// text, because "$renameTo: 2020" or an empty value is almost surely a slip.
func (p *parser) stringValue(n *yaml.Node, path string) (string, error) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		return n.Value, nil
	}
	return "", p.typeError(n, path, "a string", "")
}

func (p *parser) nonEmptyString(n *yaml.Node, path string) (string, error) {
	s, err := p.stringValue(n, path)
	if err == nil && strings.TrimSpace(s) == "" {
		return "", p.fail(path, n, "", "must not be empty")
	}
	return s, err
}

// stringList reads a non-empty list of distinct, non-empty strings.
func (p *parser) stringList(n *yaml.Node, path string) ([]string, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, p.typeError(n, path, "a non-empty list of strings", "")
	}
	out := make([]string, 0, len(n.Content))
	for i, item := range n.Content {
		at := fmt.Sprintf("%s[%d]", path, i)
		s, err := p.nonEmptyString(item, at)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, s) {
			return nil, p.fail(at, item, "", "duplicate entry %q", s)
		}
		out = append(out, s)
	}
	return out, nil
}

// describe names a node the way a user would, for "found ..." messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "an empty value"
		case "!!bool":
			return "the boolean " + shorten(n.Value)
		case "!!int", "!!float":
			return "the number " + shorten(n.Value)
		case "!!str":
			return "the string " + strconv.Quote(shorten(n.Value))
		}
		return strconv.Quote(shorten(n.Value))
	}
	return "nothing"
}

// shorten keeps messages one line long even when the value is a page of text.
func shorten(s string) string {
	const limit = 40
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)
	return string(r[:limit-3]) + "..."
}

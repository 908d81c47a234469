package config

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Change is one edit AddExports made, or chose not to make.
type Change struct {
	Path string // config path of the type, e.g. objectModelConfiguration.cache.2020-12-01.Redis
	What string // what happened, in words
}

// Changed reports whether the change altered the file.
func (c Change) Changed() bool { return c.What != alreadyExported }

const alreadyExported = "already exported"

// AddExports returns data, the text of an azure-arm.yaml named file, with each kind exported
// under objectModelConfiguration.<group>.<apiVersion>: missing group, version and kind keys are
// inserted where they sort among their siblings, "$export: true" is added to a kind that lacks
// it, and "$export: false" is turned to true. Kinds already exported are left alone, so running
// it twice changes nothing the second time.
//
// The file is edited as text at places the yaml.v3 node tree points to, not re-encoded: comments,
// blank lines, quoting and key order all stay as they were, and new lines take the indentation
// and blank-line spacing of their siblings. The result is parsed again before it is returned.
// Checking that the kinds exist in the spec root is the caller's job.
func AddExports(file string, data []byte, group, apiVersion string, kinds []string) ([]byte, []Change, error) {
	if !validGroupName(group) {
		return nil, nil, NewError(nil, "", Position{}, fmt.Sprintf("invalid group name %q; %s", group, groupNameRule), fixGroupName(group))
	}
	if !validAPIVersion(apiVersion) {
		return nil, nil, NewError(nil, "", Position{}, fmt.Sprintf("invalid API version %q; %s", apiVersion, apiVersionRule), fixAPIVersion(apiVersion))
	}
	for _, k := range kinds {
		if !validTypeName(k) {
			return nil, nil, NewError(nil, "", Position{}, fmt.Sprintf("invalid kind %q; %s", k, typeNameRule), fixTypeName(k))
		}
	}
	if _, err := Parse(file, data); err != nil {
		return nil, nil, err
	}
	var changes []Change
	for _, kind := range kinds {
		path := strings.Join([]string{keyObjectModel, group, apiVersion, kind}, ".")
		out, what, err := addExport(file, data, group, apiVersion, kind)
		if err != nil {
			return nil, nil, err
		}
		data = out
		changes = append(changes, Change{Path: path, What: what})
	}
	cfg, err := Parse(file, data)
	if err != nil {
		return nil, nil, fmt.Errorf("internal error: the edited config does not parse: %w", err)
	}
	for _, k := range kinds {
		if !cfg.Group(group).Version(apiVersion).Type(k).Exported() {
			return nil, nil, fmt.Errorf("internal error: %s/%s/%s is not exported after the edit", group, apiVersion, k)
		}
	}
	return data, changes, nil
}

// textFile is a file as lines (each with its newline), addressed 1-based like yaml.v3 positions.
type textFile struct {
	lines []string
}

func newTextFile(data []byte) *textFile {
	s := string(data)
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	lines := strings.SplitAfter(s, "\n")
	return &textFile{lines: lines[:len(lines)-1]}
}

func (t *textFile) bytes() []byte { return []byte(strings.Join(t.lines, "")) }

// line returns line n (1-based) without its newline, "" past the end.
func (t *textFile) line(n int) string {
	if n < 1 || n > len(t.lines) {
		return ""
	}
	return strings.TrimRight(t.lines[n-1], "\r\n")
}

// insert puts new lines before line n (1-based; len+1 appends).
func (t *textFile) insert(n int, lines ...string) {
	add := make([]string, len(lines))
	for i, l := range lines {
		add[i] = l + "\n"
	}
	t.lines = slices.Insert(t.lines, n-1, add...)
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

func isComment(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "#") }

// indentOf is a line's leading whitespace in columns.
func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }

// addExport makes one kind exported and says how.
func addExport(file string, data []byte, group, apiVersion, kind string) ([]byte, string, error) {
	root, err := decodeDocument(&Config{File: file}, data)
	if err != nil {
		return nil, "", err
	}
	t := newTextFile(data)
	omc := mappingValue(root, keyObjectModel)
	if omc == nil {
		return nil, "", fmt.Errorf("%s: no %s mapping", file, keyObjectModel)
	}
	levels := []string{group, apiVersion, kind}
	parent := omc
	for depth, key := range levels {
		if err := blockMapping(file, parent); err != nil {
			return nil, "", err
		}
		child := mappingValue(parent, key)
		if child == nil {
			// Insert the rest of the path as a new block, then "$export: true" inside it.
			block := newBlock(levels[depth:], unitOf(parent))
			insertSorted(t, parent, key, block)
			return t.bytes(), "added", nil
		}
		parent = child
	}
	// The kind exists: look at its $export.
	if err := blockMapping(file, parent); err != nil {
		return nil, "", err
	}
	if tc := typeOf(file, data, group, apiVersion, kind); tc.Exported() {
		return data, alreadyExported, nil
	}
	if v := mappingValue(parent, "$export"); v != nil {
		// "$export: false": the only value that parses and does not export.
		l := t.line(v.Line)
		at := byteOffset(l, v.Column)
		fixed := l[:at] + "true" + l[at+len(v.Value):]
		t.lines[v.Line-1] = fixed + "\n"
		return t.bytes(), "changed $export to true", nil
	}
	first := parent.Content[0]
	t.insert(blockStart(t, first), strings.Repeat(" ", first.Column-1)+"$export: true")
	return t.bytes(), "added $export: true", nil
}

func typeOf(file string, data []byte, group, apiVersion, kind string) *TypeConfig {
	cfg, err := Parse(file, data)
	if err != nil {
		return nil
	}
	return cfg.Group(group).Version(apiVersion).Type(kind)
}

// byteOffset turns a 1-based column (in characters, as yaml.v3 counts) into a byte offset.
func byteOffset(line string, column int) int {
	off := 0
	for i := 1; i < column && off < len(line); i++ {
		_, size := utf8.DecodeRuneInString(line[off:])
		off += size
	}
	return off
}

// mappingValue returns the value of key in mapping m, or nil.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// blockMapping refuses mappings the text editing cannot extend: flow style ({a: b}) and empty
// ones, whose children's indentation is unknown.
func blockMapping(file string, m *yaml.Node) error {
	if m.Kind != yaml.MappingNode || m.Style&yaml.FlowStyle != 0 || len(m.Content) == 0 {
		return NewError(&Config{File: file}, "", pos(m), "cannot add to a flow-style or empty mapping here; write it in block style (one key per line) and try again", "")
	}
	return nil
}

// unitOf guesses the indentation step of the file from a mapping's first child that has a block
// mapping below it; 2 when there is none.
func unitOf(m *yaml.Node) int {
	var walk func(n *yaml.Node) int
	walk = func(n *yaml.Node) int {
		if n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle != 0 {
			return 0
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if v.Kind == yaml.MappingNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) > 0 && v.Content[0].Column > k.Column {
				return v.Content[0].Column - k.Column
			}
			if u := walk(v); u > 0 {
				return u
			}
		}
		return 0
	}
	if u := walk(m); u > 0 {
		return u
	}
	return 2
}

// newBlock renders keys nested one below the other with "$export: true" at the bottom, without
// the indentation of the first key.
func newBlock(keys []string, unit int) []string {
	var out []string
	for i, k := range keys {
		out = append(out, strings.Repeat(" ", i*unit)+k+":")
	}
	return append(out, strings.Repeat(" ", len(keys)*unit)+"$export: true")
}

// insertSorted inserts block (a new entry of mapping m, keyed key) before the first sibling
// whose key sorts after it, or after the last sibling; blank lines separate it from its
// neighbours when they are separated from each other.
func insertSorted(t *textFile, m *yaml.Node, key string, block []string) {
	col := m.Content[0].Column
	indented := make([]string, len(block))
	for i, l := range block {
		indented[i] = strings.Repeat(" ", col-1) + l
	}
	spaced := false
	for i := 2; i < len(m.Content); i += 2 {
		if start := blockStart(t, m.Content[i]); isBlank(t.line(start - 1)) {
			spaced = true
		}
	}
	for i := 0; i < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Value > key {
			at := blockStart(t, k)
			if spaced {
				indented = append(indented, "")
			}
			t.insert(at, indented...)
			return
		}
	}
	last := m.Content[len(m.Content)-2]
	end := blockEnd(t, last, m.Content[len(m.Content)-1])
	if spaced {
		indented = append([]string{""}, indented...)
	}
	t.insert(end+1, indented...)
}

// blockStart is the first line of a key's entry: the key's line, or the comment lines directly
// above it.
func blockStart(t *textFile, key *yaml.Node) int {
	n := key.Line
	for n > 1 && isComment(t.line(n-1)) && indentOf(t.line(n-1)) >= key.Column-1 {
		n--
	}
	return n
}

// blockEnd is the last line of a key's entry: the last line of its value, or of comments
// indented below the key that follow it.
func blockEnd(t *textFile, key, value *yaml.Node) int {
	end := lastLine(value)
	if key.Line > end {
		end = key.Line
	}
	for end < len(t.lines) && isComment(t.line(end+1)) && indentOf(t.line(end+1)) > key.Column-1 {
		end++
	}
	return end
}

// lastLine is the last line a node's subtree starts on (block scalars spanning several lines are
// not used in this file).
func lastLine(n *yaml.Node) int {
	end := n.Line
	for _, c := range n.Content {
		if l := lastLine(c); l > end {
			end = l
		}
	}
	return end
}

package loader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/go-openapi/spec"
)

// Document is one swagger file. Its top-level maps are kept raw and decoded into go-openapi
// models on first use: a generation needs a few definitions of most files it opens, and decoding
// whole files is by far the largest cost of loading.
type Document struct {
	// Path is relative to the spec root, with forward slashes.
	Path string

	rawPaths       map[string]json.RawMessage
	rawDefinitions map[string]json.RawMessage
	rawParameters  map[string]json.RawMessage

	mu          sync.Mutex
	paths       map[string]*spec.PathItem
	definitions map[string]*spec.Schema
	parameters  map[string]*spec.Parameter
}

type rawDocument struct {
	Paths       map[string]json.RawMessage `json:"paths"`
	XMSPaths    map[string]json.RawMessage `json:"x-ms-paths"`
	Definitions map[string]json.RawMessage `json:"definitions"`
	Parameters  map[string]json.RawMessage `json:"parameters"`
}

// ParseDocument decodes a swagger file's outline; path is used in errors.
func ParseDocument(path string, data []byte) (*Document, error) {
	var raw rawDocument
	if !splitOutline(data, &raw) {
		raw = rawDocument{}
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, jsonError(path, data, err)
		}
	}
	d := &Document{
		Path:           path,
		rawPaths:       raw.Paths,
		rawDefinitions: raw.Definitions,
		rawParameters:  raw.Parameters,
		paths:          make(map[string]*spec.PathItem),
		definitions:    make(map[string]*spec.Schema),
		parameters:     make(map[string]*spec.Parameter),
	}
	// x-ms-paths hold paths that differ only by query string; they are paths all the same.
	for k, v := range raw.XMSPaths {
		if d.rawPaths == nil {
			d.rawPaths = make(map[string]json.RawMessage)
		}
		if _, dup := d.rawPaths[k]; !dup {
			d.rawPaths[k] = v
		}
	}
	return d, nil
}

// jsonError turns a decoding error into a located SpecError.
func jsonError(path string, data []byte, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		line, col := lineColumn(data, syn.Offset)
		return &SpecError{File: path, Line: line, Column: col, Message: "invalid JSON: " + syn.Error()}
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		line, col := lineColumn(data, typ.Offset)
		ptr := ""
		if typ.Field != "" {
			ptr = "/" + typ.Field
		}
		return &SpecError{File: path, Pointer: ptr, Line: line, Column: col, Message: fmt.Sprintf("expected %s, found JSON %s", typ.Type, typ.Value)}
	}
	return &SpecError{File: path, Message: "invalid JSON: " + err.Error()}
}

// lineColumn converts a byte offset (as encoding/json reports it: just past the offending byte)
// to a 1-based line and column.
func lineColumn(data []byte, offset int64) (int, int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset > 0 {
		offset-- // the offending byte itself
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// PathNames returns every path template, sorted.
func (d *Document) PathNames() []string {
	names := make([]string, 0, len(d.rawPaths))
	for k := range d.rawPaths {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// PathItem decodes one path.
func (d *Document) PathItem(name string) (*spec.PathItem, error) {
	return decodeOnce(d, d.paths, d.rawPaths, name, Pointer("paths", name))
}

// Definition decodes one definition; ok is false when there is none of that name.
func (d *Document) Definition(name string) (*spec.Schema, bool, error) {
	if _, ok := d.rawDefinitions[name]; !ok {
		return nil, false, nil
	}
	s, err := decodeOnce(d, d.definitions, d.rawDefinitions, name, Pointer("definitions", name))
	return s, err == nil, err
}

// Parameter decodes one shared parameter.
func (d *Document) Parameter(name string) (*spec.Parameter, bool, error) {
	if _, ok := d.rawParameters[name]; !ok {
		return nil, false, nil
	}
	p, err := decodeOnce(d, d.parameters, d.rawParameters, name, Pointer("parameters", name))
	return p, err == nil, err
}

// DefinitionNames returns every definition name, sorted.
func (d *Document) DefinitionNames() []string {
	names := make([]string, 0, len(d.rawDefinitions))
	for k := range d.rawDefinitions {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// ParameterNames returns every shared parameter name, sorted.
func (d *Document) ParameterNames() []string {
	names := make([]string, 0, len(d.rawParameters))
	for k := range d.rawParameters {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// RawDefinition returns a definition's bytes, for cheap scans before decoding.
func (d *Document) RawDefinition(name string) json.RawMessage { return d.rawDefinitions[name] }

func decodeOnce[T any](d *Document, cache map[string]*T, raw map[string]json.RawMessage, name, pointer string) (*T, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if v, ok := cache[name]; ok {
		return v, nil
	}
	data, ok := raw[name]
	if !ok {
		return nil, &SpecError{File: d.Path, Pointer: pointer, Message: "not found"}
	}
	v := new(T)
	if err := decodeValid(data, v); err != nil {
		return nil, &SpecError{File: d.Path, Pointer: pointer, Message: "cannot decode: " + err.Error()}
	}
	cache[name] = v
	return v, nil
}

// MayHaveOperation reports, without decoding, whether a path could declare the operation; a
// false answer is certain, so callers can skip decoding the path item.
func (d *Document) MayHaveOperation(path, op string) bool {
	return bytes.Contains(d.rawPaths[path], []byte(`"`+op+`"`))
}

// decodeValid decodes data, which ParseDocument has validated as part of its file, into v.
// Schemas and parameters are read in one pass (onepass.go) when the one-pass decoder can; the
// rest, and what it declines, go to go-openapi's models, which decode themselves: handing them
// the bytes directly spares the scan json.Unmarshal makes to validate them again first.
func decodeValid(data []byte, v any) error {
	switch t := v.(type) {
	case *spec.Schema:
		if decodeSchema(data, t) == nil {
			return nil
		}
		*t = spec.Schema{}
	case *spec.Parameter:
		if decodeParameter(data, t) == nil {
			return nil
		}
		*t = spec.Parameter{}
	}
	if u, ok := v.(json.Unmarshaler); ok {
		return u.UnmarshalJSON(data)
	}
	return json.Unmarshal(data, v)
}

package armschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	oaerrors "github.com/go-openapi/errors"
	"github.com/go-openapi/spec"
	"github.com/go-openapi/strfmt"
	"github.com/go-openapi/validate"
)

// Schema is the PUT body schema of one resource type at one api-version. It is immutable once
// loaded, so concurrent checks may share it.
type Schema struct {
	// ARMType is the type as the swagger spells it.
	ARMType    string
	APIVersion string
	// File is the swagger file declaring the PUT, relative to the spec root.
	File string
	root *node
}

// noFormats: formats are value constraints, outside a shape check.
var noFormats = strfmt.NewSeededFormats(nil, nil)

// Validate checks the shape of payload, a JSON object, and returns a *PayloadError listing every
// problem, or nil. tolerated are dotted paths (name, properties.x) of properties the caller sends
// knowingly whatever the schema says: they are removed before the check.
//
// The check is go-openapi/validate's, against a schema derived for this payload: the swagger's
// types and properties, no value constraints, objects that declare properties closed to others,
// and each polymorphic object replaced by the variant its discriminator value names. Deriving
// per payload is what lets an array hold different variants, and recursive types be checked to
// whatever depth the payload has.
func (s *Schema) Validate(payload []byte, tolerated ...string) error {
	value, err := decode(payload)
	if err != nil {
		return fmt.Errorf("%s@%s: the payload is not a JSON object: %w", s.ARMType, s.APIVersion, err)
	}
	for _, t := range tolerated {
		remove(value, strings.Split(t, "."))
	}
	c := &checker{unknown: map[string]string{}}
	derived := c.shape(s.root, value, "", true)
	res := validate.NewSchemaValidator(derived, nil, "", noFormats).Validate(value)
	if res != nil {
		for _, l := range res.LocatedErrors() {
			c.fromOpenAPI(l)
		}
	}
	if len(c.problems) == 0 {
		return nil
	}
	for i := range c.problems {
		c.problems[i].Path = displayPath(value, c.problems[i].pointer)
	}
	slices.SortFunc(c.problems, func(a, b Problem) int { return strings.Compare(a.Path+"\x00"+a.Message, b.Path+"\x00"+b.Message) })
	c.problems = slices.CompactFunc(c.problems, func(a, b Problem) bool { return a.Path == b.Path && a.Message == b.Message })
	return &PayloadError{ARMType: s.ARMType, APIVersion: s.APIVersion, File: s.File, Problems: c.problems}
}

// checker derives the schema of one payload and collects what it finds on the way.
type checker struct {
	problems []Problem
	// unknown holds, by JSON pointer, the message for a property the schema does not declare,
	// for when go-openapi reports it.
	unknown map[string]string
}

func (c *checker) add(pointer, msg string) {
	c.problems = append(c.problems, Problem{pointer: pointer, Message: msg})
}

// shape derives the schema that v, at pointer at, must satisfy under n. dispatch says a
// polymorphic n is still to be resolved to a variant (a variant is not dispatched again).
func (c *checker) shape(n *node, v any, at string, dispatch bool) *spec.Schema {
	if n.discriminator != "" && dispatch {
		if m, ok := v.(map[string]any); ok {
			if value, ok := m[n.discriminator].(string); ok {
				if variant, ok := n.variants[value]; ok {
					return c.shape(variant, v, at, false)
				}
				c.add(at+"/"+escape(n.discriminator), fmt.Sprintf("%q names no variant of %s (it has %s)",
					value, n.name, strings.Join(slices.Sorted(maps.Keys(n.variants)), ", ")))
			}
		}
	}
	out := &spec.Schema{}
	out.Type, out.Nullable = n.types, n.nullable
	switch x := v.(type) {
	case map[string]any:
		if !n.closed && n.values == nil && len(n.props) == 0 {
			return out // a free-form object
		}
		out.Properties = make(spec.SchemaProperties, len(x))
		for k, val := range x {
			kat := at + "/" + escape(k)
			if p, ok := n.props[k]; ok {
				if p.readOnly {
					c.add(kat, "read-only: the service sets it, a PUT must not send it")
					out.Properties[k] = spec.Schema{}
					continue
				}
				out.Properties[k] = *c.shape(p.node, val, kat, true)
				continue
			}
			switch {
			case n.values != nil:
				out.Properties[k] = *c.shape(n.values, val, kat, true)
			case !n.closed:
				out.Properties[k] = spec.Schema{}
			case k == "id" || k == "$schema":
				// go-openapi never reports these two as unknown (JSON schema's own keywords).
				c.add(kat, unknownMessage(n, k))
				out.Properties[k] = spec.Schema{}
			default:
				c.unknown[kat] = unknownMessage(n, k)
			}
		}
		if n.closed {
			out.AdditionalProperties = &spec.SchemaOrBool{Allows: false}
		}
	case []any:
		if n.items != nil && len(x) > 0 {
			out.Items = &spec.SchemaOrArray{}
			for i, item := range x {
				out.Items.Schemas = append(out.Items.Schemas, *c.shape(n.items, item, at+"/"+strconv.Itoa(i), true))
			}
		}
	}
	return out
}

// fromOpenAPI records one of go-openapi's findings, in this package's words where it knows
// better (an unknown property), else in go-openapi's without its own rendering of the path.
func (c *checker) fromOpenAPI(l validate.Located) {
	var ve *oaerrors.Validation
	if !errors.As(l.Err, &ve) {
		c.add(l.Pointer, l.Err.Error())
		return
	}
	if ve.Code() == oaerrors.UnallowedPropertyCode {
		if msg, ok := c.unknown[l.Pointer]; ok {
			c.add(l.Pointer, msg)
			return
		}
	}
	msg := ve.Error()
	if ve.Name != "" {
		msg = strings.TrimPrefix(msg, ve.Name)
	}
	msg = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(msg), "in body "), "body ")
	c.add(l.Pointer, msg)
}

// unknownMessage says a property is not in the schema, with the likely cause when the schema
// shows one: the right name in another case, or the property declared one envelope down (a
// property lifted out of "properties").
func unknownMessage(n *node, key string) string {
	msg := "not a property of " + describe(n) + " in the swagger"
	for name := range n.props {
		if strings.EqualFold(name, key) {
			return msg + fmt.Sprintf(" (the wire name is %q)", name)
		}
	}
	for _, env := range slices.Sorted(maps.Keys(n.props)) {
		if p := n.props[env]; p.node != nil {
			if _, ok := p.props[key]; ok {
				return msg + fmt.Sprintf(" (it is declared inside %q)", env)
			}
		}
	}
	return msg
}

func describe(n *node) string {
	if n.name != "" {
		return n.name
	}
	return "this object"
}

// PayloadError lists how a payload departs from the schema.
type PayloadError struct {
	ARMType, APIVersion, File string
	Problems                  []Problem
}

// Problem is one departure, at a JSON path (properties.rules[0].name; "" for the payload).
type Problem struct {
	Path    string
	Message string
	pointer string
}

func (e *PayloadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the payload does not match the PUT body of %s@%s (%s):", e.ARMType, e.APIVersion, e.File)
	for _, p := range e.Problems {
		path := p.Path
		if path == "" {
			path = "(the payload)"
		}
		fmt.Fprintf(&b, "\n  %s: %s", path, p.Message)
	}
	return b.String()
}

// decode reads a JSON object. Integers become int64 (float64 would make go-openapi call an
// integer beyond 2^53 "not an integer"), other numbers float64.
func decode(payload []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the JSON value")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("got %T", v)
	}
	return numbers(m).(map[string]any), nil
}

func numbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, item := range x {
			x[k] = numbers(item)
		}
	case []any:
		for i, item := range x {
			x[i] = numbers(item)
		}
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String() // out of float64's range: let the type check report a string
	}
	return v
}

// remove deletes the property at path (object keys) from v, if there.
func remove(v map[string]any, path []string) {
	for len(path) > 1 {
		next, ok := v[path[0]].(map[string]any)
		if !ok {
			return
		}
		v, path = next, path[1:]
	}
	delete(v, path[0])
}

// displayPath renders a JSON pointer into value as ARM writes paths: properties.rules[0].name,
// with keys that are not identifiers quoted (tags["a.b"]).
func displayPath(value any, pointer string) string {
	if pointer == "" {
		return ""
	}
	var b strings.Builder
	cur := value
	for _, raw := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok := strings.ReplaceAll(strings.ReplaceAll(raw, "~1", "/"), "~0", "~")
		switch x := cur.(type) {
		case []any:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(x) {
				fmt.Fprintf(&b, "[%d]", i)
				cur = x[i]
				continue
			}
		case map[string]any:
			cur = x[tok]
		default:
			cur = nil
		}
		if identifier(tok) {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
		} else {
			fmt.Fprintf(&b, "[%s]", strconv.Quote(tok))
		}
	}
	return b.String()
}

func identifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '$' || r == '@' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-'):
		default:
			return false
		}
	}
	return true
}

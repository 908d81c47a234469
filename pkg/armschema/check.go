package armschema

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
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
	if m := typeMismatch.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("must be of type %s, not %s", m[1], m[2])
	}
	c.add(l.Pointer, msg)
}

// typeMismatch is go-openapi's wording of a wrong JSON type, once the path is cut off.
var typeMismatch = regexp.MustCompile(`^must be of type (\S+): "(\S+)"$`)

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
				return msg + fmt.Sprintf(" (%q declares a property of that name: wrong nesting?)", env)
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

package exportedvalues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Values are looked for in the swagger itself rather than in the type graph: the graph holds
// the GET response as the status (without the secrets Azure marks x-ms-secret, and flattened),
// and no type at all for the responses of actions. Paths are by wire names, as the operator
// reads the JSON it gets.

// node is a schema and where it is written, for $refs and messages.
type node struct {
	doc *loader.Document
	ptr string
	s   *spec.Schema
}

func (n node) where() string { return n.doc.Path + "#" + n.ptr }

// walker reads schemas of a corpus.
type walker struct {
	corpus *loader.Corpus
}

// resolve follows $refs to the schema they name.
func (w *walker) resolve(n node) (node, error) {
	for range 32 {
		if n.s == nil {
			return n, nil
		}
		ref := n.s.Ref.String()
		if ref == "" {
			return n, nil
		}
		t, err := w.corpus.Resolve(n.doc, n.ptr, ref)
		if err != nil {
			return n, err
		}
		name, ok := strings.CutPrefix(t.Pointer, "/definitions/")
		if !ok || strings.Contains(name, "/") {
			return n, &loader.SpecError{File: n.doc.Path, Pointer: n.ptr + "/$ref", Message: "$ref " + ref + " does not point at a definition"}
		}
		s, found, err := t.Doc.Definition(name)
		if err != nil {
			return n, err
		}
		if !found {
			return n, &loader.SpecError{File: n.doc.Path, Pointer: n.ptr + "/$ref", Message: "dangling $ref " + ref}
		}
		n = node{doc: t.Doc, ptr: t.Pointer, s: s}
	}
	return n, &loader.SpecError{File: n.doc.Path, Pointer: n.ptr, Message: "$ref chain too long"}
}

// property is a property of an object schema, by its wire name.
type property struct {
	name string
	node node
}

// properties lists the properties of an object schema and of what it extends through allOf,
// sorted by name; a schema's own declaration wins over an ancestor's.
func (w *walker) properties(n node) ([]property, error) {
	byName := make(map[string]node)
	seen := make(map[string]bool)
	var collect func(n node) error
	collect = func(n node) error {
		n, err := w.resolve(n)
		if err != nil || n.s == nil {
			return err
		}
		if seen[n.where()] {
			return nil
		}
		seen[n.where()] = true
		for i := range n.s.AllOf {
			if err := collect(node{doc: n.doc, ptr: fmt.Sprintf("%s/allOf/%d", n.ptr, i), s: &n.s.AllOf[i]}); err != nil {
				return err
			}
		}
		for name := range n.s.Properties {
			ps := n.s.Properties[name]
			byName[name] = node{doc: n.doc, ptr: n.ptr + loader.Pointer("properties", name), s: &ps}
		}
		return nil
	}
	if err := collect(n); err != nil {
		return nil, err
	}
	out := make([]property, 0, len(byName))
	for name, pn := range byName {
		out = append(out, property{name: name, node: pn})
	}
	slices.SortFunc(out, func(a, b property) int { return strings.Compare(a.name, b.name) })
	return out, nil
}

// shape is what a schema holds, as far as paths go.
type shape int

const (
	scalarShape shape = iota
	objectShape
	arrayShape
	mapShape
)

// shapeOf tells a resolved schema's shape.
func shapeOf(s *spec.Schema) shape {
	switch {
	case s == nil:
		return objectShape
	case s.Type.Contains("array"):
		return arrayShape
	case len(s.Properties) > 0 || len(s.AllOf) > 0:
		return objectShape
	case s.AdditionalProperties != nil:
		return mapShape
	case s.Type.Contains("object") || len(s.Type) == 0 && len(s.Enum) == 0:
		return objectShape
	}
	return scalarShape
}

// items is the schema of a list's items.
func items(n node) (node, bool) {
	if n.s == nil || n.s.Items == nil || n.s.Items.Schema == nil {
		return node{}, false
	}
	return node{doc: n.doc, ptr: n.ptr + "/items", s: n.s.Items.Schema}, true
}

// follow walks a path from root and returns it spelled as the swagger spells the properties
// (the config may differ in case); the value it reaches must be a scalar.
func (w *walker) follow(root node, path string) (string, bool, error) {
	steps, err := config.ParsePath(path)
	if err != nil {
		return "", false, err
	}
	n := root
	var out []string
	for i, step := range steps {
		n, err = w.resolve(n)
		if err != nil {
			return "", false, err
		}
		if shapeOf(n.s) != objectShape {
			at := "the response"
			if len(out) > 0 {
				at = strings.Join(out, ".")
			}
			return "", false, fmt.Errorf("%s is %s, which has no property %s", at, describeShape(shapeOf(n.s)), step.Property)
		}
		props, err := w.properties(n)
		if err != nil {
			return "", false, err
		}
		idx := slices.IndexFunc(props, func(p property) bool { return p.name == step.Property })
		if idx < 0 {
			idx = slices.IndexFunc(props, func(p property) bool { return strings.EqualFold(p.name, step.Property) })
		}
		if idx < 0 {
			names := make([]string, len(props))
			for j, p := range props {
				names[j] = p.name
			}
			at := "the response"
			if len(out) > 0 {
				at = strings.Join(out, ".")
			}
			msg := fmt.Sprintf("%s has no property %s", at, step.Property)
			if s := config.Nearest(step.Property, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else if len(names) > 0 {
				msg += " (it has " + strings.Join(names, ", ") + ")"
			}
			return "", false, fmt.Errorf("%s", msg)
		}
		seg := props[idx].name
		n = props[idx].node
		if step.Picks() {
			if n, err = w.resolve(n); err != nil {
				return "", false, err
			}
			item, ok := items(n)
			if shapeOf(n.s) != arrayShape || !ok {
				return "", false, fmt.Errorf("%s is not a list, so %s names nothing", strings.Join(append(out, seg), "."), seg+pick(step))
			}
			n = item
			if step.MatchProperty != "" {
				key, err := w.matchKey(n, strings.Join(append(out, seg), "."), step)
				if err != nil {
					return "", false, err
				}
				seg = fmt.Sprintf("%s[%s=%s]", seg, key, step.MatchValue)
			} else {
				seg = fmt.Sprintf("%s[%d]", seg, step.Index)
			}
		}
		out = append(out, seg)
		if i == len(steps)-1 {
			if n, err = w.resolve(n); err != nil {
				return "", false, err
			}
			if shapeOf(n.s) != scalarShape {
				return "", false, fmt.Errorf("%s is not a single value (a string or a number) but %s", strings.Join(out, "."), describeShape(shapeOf(n.s)))
			}
		}
	}
	return strings.Join(out, "."), isBytes(n), nil
}

// isBytes says a scalar is bytes in base64 on the wire.
func isBytes(n node) bool { return n.s != nil && n.s.Format == "byte" }

func describeShape(s shape) string {
	switch s {
	case objectShape:
		return "an object"
	case arrayShape:
		return "a list"
	case mapShape:
		return "a map"
	}
	return "a value"
}

// maxSearchDepth bounds the search by name: secrets sit near the top of a response.
const maxSearchDepth = 4

// found is a place find found: a wire path, and whether its value is base64 bytes.
type found struct {
	path  string
	bytes bool
}

// find lists the paths below root to scalar properties named name (in any case), through
// objects only (an item of a list needs the explicit form).
func (w *walker) find(root node, name string) ([]found, error) {
	var out []found
	var visit func(n node, prefix []string, stack map[string]bool) error
	visit = func(n node, prefix []string, stack map[string]bool) error {
		n, err := w.resolve(n)
		if err != nil {
			return err
		}
		if shapeOf(n.s) != objectShape || len(prefix) >= maxSearchDepth || stack[n.where()] {
			return nil
		}
		stack[n.where()] = true
		defer delete(stack, n.where())
		props, err := w.properties(n)
		if err != nil {
			return err
		}
		for _, p := range props {
			path := append(slices.Clone(prefix), p.name)
			pn, err := w.resolve(p.node)
			if err != nil {
				return err
			}
			if strings.EqualFold(p.name, name) && shapeOf(pn.s) == scalarShape {
				out = append(out, found{strings.Join(path, "."), isBytes(pn)})
			}
			if err := visit(pn, path, stack); err != nil {
				return err
			}
		}
		return nil
	}
	err := visit(root, nil, map[string]bool{})
	return out, err
}

// pick is how a step picks an item of a list, as the config writes it.
func pick(step config.PathStep) string {
	if step.MatchProperty != "" {
		return "[" + step.MatchProperty + "=" + step.MatchValue + "]"
	}
	return fmt.Sprintf("[%d]", step.Index)
}

// matchKey checks that the items of the list at listPath (item, their schema) have the scalar
// property a [property=value] step compares, and returns it spelled as the swagger spells it.
func (w *walker) matchKey(item node, listPath string, step config.PathStep) (string, error) {
	item, err := w.resolve(item)
	if err != nil {
		return "", err
	}
	if shapeOf(item.s) != objectShape {
		return "", fmt.Errorf("the items of %s are %s, which have no property %s to pick one by", listPath, describeShape(shapeOf(item.s)), step.MatchProperty)
	}
	props, err := w.properties(item)
	if err != nil {
		return "", err
	}
	idx := slices.IndexFunc(props, func(p property) bool { return p.name == step.MatchProperty })
	if idx < 0 {
		idx = slices.IndexFunc(props, func(p property) bool { return strings.EqualFold(p.name, step.MatchProperty) })
	}
	if idx < 0 {
		names := make([]string, len(props))
		for j, p := range props {
			names[j] = p.name
		}
		msg := fmt.Sprintf("the items of %s have no property %s to pick one by", listPath, step.MatchProperty)
		if s := config.Nearest(step.MatchProperty, names); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else if len(names) > 0 {
			msg += " (they have " + strings.Join(names, ", ") + ")"
		}
		return "", fmt.Errorf("%s", msg)
	}
	key, err := w.resolve(props[idx].node)
	if err != nil {
		return "", err
	}
	if shapeOf(key.s) != scalarShape {
		return "", fmt.Errorf("%s of the items of %s is %s, not a single value to compare", props[idx].name, listPath, describeShape(shapeOf(key.s)))
	}
	return props[idx].name, nil
}

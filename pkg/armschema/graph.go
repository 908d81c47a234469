package armschema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// node is a schema reduced to what the shape check needs. Definitions become one node each,
// shared, so recursive types are a cycle in the graph rather than an endless expansion: the
// check walks the payload, which is finite, not the schema.
type node struct {
	// name is the definition's name, for messages ("" for an inline schema).
	name  string
	types spec.StringOrArray
	// nullable: x-nullable, the only way swagger 2 lets a value be null.
	nullable bool
	// props are the declared properties, those of allOf members included.
	props map[string]prop
	// closed: a property the schema does not declare is a mistake, by the rule that an object
	// schema declaring properties and no additionalProperties admits no others.
	closed bool
	// open: the schema, or a base it inherits from, says additionalProperties: true (a
	// dashboard part's metadata): a variant declaring properties of its own still admits others,
	// as the generator, which inherits the base's extra keys, sends them.
	open bool
	// values is the schema of the values of a map (additionalProperties: {schema}).
	values *node
	items  *node
	// discriminator names the property whose value picks a variant; variants maps each value to
	// its variant, the base's own value included.
	discriminator string
	variants      map[string]*node

	// What the schema says by itself; props, types, closed and values merge them with bases'.
	own      map[string]prop
	bases    []*node
	addl     additional
	ownValue *node
	merged   bool
}

// prop is a declared property. readOnly: the service sets it, a client must not send it.
type prop struct {
	*node
	readOnly bool
}

type additional int

const (
	addlUnset additional = iota
	addlAllowed
	addlForbidden
	addlSchema
)

// builder turns swagger schemas into nodes, following $refs through the corpus.
type builder struct {
	v    *Validator
	docs []*loader.Document
	defs map[string]*node
	// polymorphic are the definitions that declare a discriminator, whose variants are still to
	// be found (finding them can reach more definitions, and so more bases).
	polymorphic []polymorphicDef
	all         []*node
}

type polymorphicDef struct {
	n  *node
	at loader.Target
}

func newBuilder(v *Validator, docs []*loader.Document) *builder {
	return &builder{v: v, docs: docs, defs: map[string]*node{}}
}

// build returns the node of s, written in doc at pointer at, with every definition it reaches
// (variants of polymorphic ones included) built and merged.
func (b *builder) build(doc *loader.Document, at string, s *spec.Schema) (*node, error) {
	root, err := b.schema(doc, at, s)
	if err != nil {
		return nil, err
	}
	for len(b.polymorphic) > 0 {
		p := b.polymorphic[0]
		b.polymorphic = b.polymorphic[1:]
		if err := b.findVariants(p); err != nil {
			return nil, err
		}
	}
	for _, n := range b.all {
		merge(n, 0)
	}
	return root, nil
}

// schema builds the node of an inline schema or a $ref.
func (b *builder) schema(doc *loader.Document, at string, s *spec.Schema) (*node, error) {
	if s == nil {
		return b.open(), nil
	}
	if ref := s.Ref.String(); ref != "" {
		t, err := b.v.corpus.Resolve(doc, at, ref)
		if err != nil {
			return nil, err
		}
		return b.definition(t, doc, at, ref)
	}
	n := &node{types: s.Type, nullable: nullable(s)}
	b.all = append(b.all, n)
	if err := b.fill(n, doc, at, s); err != nil {
		return nil, err
	}
	return n, nil
}

// definition builds the node of a definition once; a definition met again while it is being
// built (a recursive type) gets the same node, filled when its build ends.
func (b *builder) definition(t loader.Target, from *loader.Document, at, ref string) (*node, error) {
	key := t.Doc.Path + "#" + t.Pointer
	if n, ok := b.defs[key]; ok {
		return n, nil
	}
	name, ok := strings.CutPrefix(t.Pointer, "/definitions/")
	if !ok || strings.Contains(name, "/") {
		// A $ref into the middle of a definition is rare in ARM specs and has no name to share.
		n := b.open()
		b.defs[key] = n
		return n, nil
	}
	def, found, err := t.Doc.Definition(t.Name())
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, &loader.SpecError{File: from.Path, Pointer: at, Message: "dangling $ref " + ref}
	}
	n := &node{name: t.Name(), types: def.Type, nullable: nullable(def)}
	b.defs[key] = n
	b.all = append(b.all, n)
	if err := b.fill(n, t.Doc, t.Pointer, def); err != nil {
		return nil, err
	}
	if def.Discriminator != "" {
		n.discriminator = def.Discriminator
		n.variants = map[string]*node{discriminatorValue(t.Name(), def): n}
		b.polymorphic = append(b.polymorphic, polymorphicDef{n: n, at: t})
	}
	return n, nil
}

// fill reads what a schema says by itself into n: properties, allOf bases, items, map values.
func (b *builder) fill(n *node, doc *loader.Document, at string, s *spec.Schema) error {
	for i := range s.AllOf {
		base, err := b.schema(doc, at+"/allOf/"+strconv.Itoa(i), &s.AllOf[i])
		if err != nil {
			return err
		}
		n.bases = append(n.bases, base)
	}
	if len(s.Properties) > 0 {
		n.own = make(map[string]prop, len(s.Properties))
	}
	for name, ps := range s.Properties {
		p := ps
		pat := at + "/properties/" + escape(name)
		pn, err := b.schema(doc, pat, &p)
		if err != nil {
			return err
		}
		ro := readOnly(&p)
		if !ro && p.Ref.String() != "" {
			// A definition can be read-only as a whole (systemData): so is a property of its type.
			ro, err = b.refReadOnly(doc, pat, p.Ref.String())
			if err != nil {
				return err
			}
		}
		n.own[name] = prop{node: pn, readOnly: ro}
	}
	if s.Items != nil {
		items := s.Items.Schema
		if items == nil && len(s.Items.Schemas) > 0 {
			items = &s.Items.Schemas[0]
		}
		if items != nil {
			x, err := b.schema(doc, at+"/items", items)
			if err != nil {
				return err
			}
			n.items = x
		}
	}
	switch a := s.AdditionalProperties; {
	case a == nil:
	case a.Schema != nil:
		x, err := b.schema(doc, at+"/additionalProperties", a.Schema)
		if err != nil {
			return err
		}
		n.addl, n.ownValue = addlSchema, x
	case a.Allows:
		n.addl = addlAllowed
	default:
		n.addl = addlForbidden
	}
	return nil
}

func (b *builder) refReadOnly(doc *loader.Document, at, ref string) (bool, error) {
	t, err := b.v.corpus.Resolve(doc, at, ref)
	if err != nil {
		return false, err
	}
	name, ok := strings.CutPrefix(t.Pointer, "/definitions/")
	if !ok || strings.Contains(name, "/") {
		return false, nil
	}
	def, found, err := t.Doc.Definition(t.Name())
	if err != nil || !found {
		return false, err
	}
	return readOnly(def), nil
}

// open is a node that admits any value.
func (b *builder) open() *node {
	n := &node{}
	b.all = append(b.all, n)
	return n
}

// merge folds a node's allOf bases into it: their properties (its own win), and their type and
// map values where it has none. Swagger's allOf in ARM specs is inheritance, so the merged node
// is the object the wire carries; closing each member separately would reject the others'
// properties.
func merge(n *node, depth int) {
	if n.merged || depth > 64 {
		return
	}
	n.merged = true // before the bases: a cycle through allOf ends here instead of looping
	n.props = map[string]prop{}
	addl, values := n.addl, n.ownValue
	for _, base := range n.bases {
		merge(base, depth+1)
		for k, p := range base.props {
			n.props[k] = p
		}
		if len(n.types) == 0 {
			n.types = base.types
		}
		if addl == addlUnset && base.values != nil {
			addl, values = addlSchema, base.values
		}
		if addl == addlUnset && base.open {
			addl = addlAllowed
		}
		if addl == addlUnset && base.closed && len(base.props) == 0 {
			addl = addlForbidden
		}
	}
	for k, p := range n.own {
		n.props[k] = p
	}
	n.values = values
	n.open = addl == addlAllowed
	n.closed = addl == addlForbidden || (addl == addlUnset && len(n.props) > 0)
	if addl == addlSchema {
		n.closed = true // every key is a declared property or a map entry checked against values
	}
	if len(n.types) == 0 && (len(n.props) > 0 || n.values != nil) {
		n.types = spec.StringOrArray{"object"}
	}
	if len(n.types) == 0 && n.items != nil {
		n.types = spec.StringOrArray{"array"}
	}
}

// readOnly says a property is the service's to set: readOnly, or an x-ms-mutability without
// create or update (the loader's rule, so that the check and the generator agree on it).
func readOnly(s *spec.Schema) bool {
	if s.ReadOnly {
		return true
	}
	m, ok := s.Extensions["x-ms-mutability"].([]any)
	return ok && !slices.Contains(m, any("create")) && !slices.Contains(m, any("update"))
}

func nullable(s *spec.Schema) bool {
	b, _ := s.Extensions["x-nullable"].(bool)
	return b || s.Nullable
}

func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

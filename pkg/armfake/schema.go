package armfake

import (
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// expander inlines $refs, across files, into a self-contained copy of a schema, so that
// go-openapi/validate and the value walkers never need the corpus. Each definition is expanded
// once (memoised); a definition met again while it is being expanded (a recursive type) is cut
// to an unconstrained schema: validating recursive structures to a bounded depth is enough for
// an emulator, and expansion stays finite.
type expander struct {
	corpus *loader.Corpus
	memo   map[string]*spec.Schema
	active map[string]bool
}

func newExpander(c *loader.Corpus) *expander {
	return &expander{corpus: c, memo: map[string]*spec.Schema{}, active: map[string]bool{}}
}

// expand returns a copy of s with every $ref inlined; doc and at say where s was written.
func (e *expander) expand(doc *loader.Document, s *spec.Schema, at string) (*spec.Schema, error) {
	if s == nil {
		return nil, nil
	}
	if ref := s.Ref.String(); ref != "" {
		out, err := e.expandRef(doc, ref, at)
		if err != nil || !s.ReadOnly || out.ReadOnly {
			return out, err
		}
		// readOnly beside a $ref (a storage account's primaryEndpoints) marks the property, not
		// the definition: the copy carries it, the memoised definition does not.
		cp := *out
		cp.ReadOnly = true
		return &cp, nil
	}
	return e.expandInline(doc, s, at)
}

// expandRef inlines the definition ref points at, once per definition.
func (e *expander) expandRef(doc *loader.Document, ref, at string) (*spec.Schema, error) {
	if doc == nil || e.corpus == nil {
		return &spec.Schema{}, nil
	}
	t, err := e.corpus.Resolve(doc, at, ref)
	if err != nil {
		return nil, err
	}
	key := t.Doc.Path + "#" + t.Pointer
	if out, ok := e.memo[key]; ok {
		return out, nil
	}
	if e.active[key] {
		return &spec.Schema{}, nil
	}
	name, ok := strings.CutPrefix(t.Pointer, "/definitions/")
	if !ok || strings.Contains(name, "/") {
		// A ref into the middle of a definition is rare in ARM specs; accept anything there
		// rather than refuse requests a real service would take.
		return &spec.Schema{}, nil
	}
	def, found, err := t.Doc.Definition(name)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, &loader.SpecError{File: doc.Path, Pointer: at, Message: "dangling $ref " + ref}
	}
	e.active[key] = true
	out, err := e.expand(t.Doc, def, t.Pointer)
	delete(e.active, key)
	if err != nil {
		return nil, err
	}
	e.memo[key] = out
	return out, nil
}

// expandInline expands what s holds, s itself not being a $ref.
func (e *expander) expandInline(doc *loader.Document, s *spec.Schema, at string) (*spec.Schema, error) {
	cp := *s
	if len(s.Properties) > 0 {
		cp.Properties = make(spec.SchemaProperties, len(s.Properties))
		for name, p := range s.Properties {
			p := p
			x, err := e.expand(doc, &p, at+"/properties/"+name)
			if err != nil {
				return nil, err
			}
			cp.Properties[name] = *x
		}
	}
	if s.Items != nil {
		items := &spec.SchemaOrArray{}
		if s.Items.Schema != nil {
			x, err := e.expand(doc, s.Items.Schema, at+"/items")
			if err != nil {
				return nil, err
			}
			items.Schema = x
		}
		for i := range s.Items.Schemas {
			x, err := e.expand(doc, &s.Items.Schemas[i], at+"/items")
			if err != nil {
				return nil, err
			}
			items.Schemas = append(items.Schemas, *x)
		}
		cp.Items = items
	}
	if len(s.AllOf) > 0 {
		cp.AllOf = make([]spec.Schema, len(s.AllOf))
		for i := range s.AllOf {
			x, err := e.expand(doc, &s.AllOf[i], at+"/allOf")
			if err != nil {
				return nil, err
			}
			cp.AllOf[i] = *x
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		x, err := e.expand(doc, s.AdditionalProperties.Schema, at+"/additionalProperties")
		if err != nil {
			return nil, err
		}
		cp.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: x}
	}
	// additionalProperties judge the names a schema does not declare, and autorest reads allOf
	// as inheritance: what a parent declares (a factory's location, from Resource) is declared
	// here too, not additional.
	if cp.AdditionalProperties != nil && len(cp.AllOf) > 0 {
		for name, p := range allProperties(&spec.Schema{SchemaProps: spec.SchemaProps{AllOf: cp.AllOf}}) {
			if _, own := cp.Properties[name]; !own {
				if len(s.Properties) == 0 && len(cp.Properties) == 0 {
					cp.Properties = spec.SchemaProperties{} // never the source's own (empty) map
				}
				cp.Properties[name] = *p
			}
		}
	}
	// A polymorphic base's additionalProperties (a metric alert's criteria: any object) speak
	// for no variant's own properties (the list allOf), and which variant a value is rests on its
	// discriminator, which the validator does not follow: judging the variants' properties by
	// the base would refuse valid bodies, so the base leaves them open.
	if s.Discriminator != "" && cp.AdditionalProperties != nil {
		cp.AdditionalProperties = nil
	}
	cp.Enum = numericEnum(&cp)
	// anyOf/oneOf/not are almost absent from ARM specs; dropping them only loosens validation.
	cp.AnyOf, cp.OneOf, cp.Not = nil, nil, nil
	// A client never sends read-only properties, so they cannot be required of it.
	props := allProperties(&cp)
	if len(cp.Required) > 0 {
		var req []string
		for _, r := range cp.Required {
			if p, ok := props[r]; !ok || !readOnly(p) {
				req = append(req, r)
			}
		}
		cp.Required = req
	}
	return &cp, nil
}

// allProperties merges an object's own properties with those of its allOf members.
func allProperties(s *spec.Schema) map[string]*spec.Schema {
	out := map[string]*spec.Schema{}
	var walk func(s *spec.Schema, depth int)
	walk = func(s *spec.Schema, depth int) {
		if s == nil || depth > 16 {
			return
		}
		for i := range s.AllOf {
			walk(&s.AllOf[i], depth+1)
		}
		for name := range s.Properties {
			p := s.Properties[name]
			out[name] = &p
		}
	}
	walk(s, 0)
	return out
}

// property finds a property of an object schema, through allOf.
func property(s *spec.Schema, name string) *spec.Schema {
	if s == nil {
		return nil
	}
	if p, ok := s.Properties[name]; ok {
		return &p
	}
	for i := range s.AllOf {
		if p := property(&s.AllOf[i], name); p != nil {
			return p
		}
	}
	return nil
}

// itemSchema is the schema of an array's items, nil when unknown.
func itemSchema(s *spec.Schema) *spec.Schema {
	if s == nil || s.Items == nil {
		return nil
	}
	if s.Items.Schema != nil {
		return s.Items.Schema
	}
	if len(s.Items.Schemas) > 0 {
		return &s.Items.Schemas[0]
	}
	return nil
}

// mapValueSchema is the schema of a map's values (additionalProperties), nil when unknown.
func mapValueSchema(s *spec.Schema) *spec.Schema {
	if s == nil || s.AdditionalProperties == nil {
		return nil
	}
	return s.AdditionalProperties.Schema
}

// stripReadOnly removes, in place, the read-only properties a client sent: ARM ignores them.
func stripReadOnly(v any, s *spec.Schema, depth int) {
	if s == nil || depth > 64 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if mv := mapValueSchema(s); mv != nil && len(s.Properties) == 0 && len(s.AllOf) == 0 {
			for _, val := range x {
				stripReadOnly(val, mv, depth+1)
			}
			return
		}
		for name, val := range x {
			p := property(s, name)
			if p == nil {
				continue
			}
			if readOnly(p) {
				delete(x, name)
				continue
			}
			stripReadOnly(val, p, depth+1)
		}
	case []any:
		if it := itemSchema(s); it != nil {
			for _, val := range x {
				stripReadOnly(val, it, depth+1)
			}
		}
	}
}

// applyDefaults fills, in place, properties the schema declares a default for, in every object
// the value has (an absent object is not created: ARM does not invent envelopes either).
func applyDefaults(v any, s *spec.Schema, depth int) {
	if s == nil || depth > 64 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for name, p := range allProperties(s) {
			val, ok := x[name]
			if !ok {
				if p.Default != nil {
					// A copy: the answer is changed afterwards, the schema must not be.
					x[name] = deepCopy(p.Default)
				}
				continue
			}
			applyDefaults(val, p, depth+1)
		}
	case []any:
		if it := itemSchema(s); it != nil {
			for _, val := range x {
				applyDefaults(val, it, depth+1)
			}
		}
	}
}

// stripWriteOnly removes, in place, what ARM never returns: secrets (x-ms-secret) and
// properties whose x-ms-mutability leaves out read (passwords, keys a client sets).
func stripWriteOnly(v any, s *spec.Schema, depth int) {
	if s == nil || depth > 64 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if mv := mapValueSchema(s); mv != nil && len(s.Properties) == 0 && len(s.AllOf) == 0 {
			for _, val := range x {
				stripWriteOnly(val, mv, depth+1)
			}
			return
		}
		for name, val := range x {
			p := property(s, name)
			if p == nil {
				continue
			}
			if writeOnly(p) {
				delete(x, name)
				continue
			}
			stripWriteOnly(val, p, depth+1)
		}
	case []any:
		if it := itemSchema(s); it != nil {
			for _, val := range x {
				stripWriteOnly(val, it, depth+1)
			}
		}
	}
}

// writeOnly says ARM does not return a property: x-ms-secret, or an x-ms-mutability without read.
func writeOnly(p *spec.Schema) bool {
	if secret, _ := p.Extensions["x-ms-secret"].(bool); secret {
		return true
	}
	m, ok := p.Extensions["x-ms-mutability"].([]any)
	if !ok || len(m) == 0 {
		return false
	}
	for _, x := range m {
		if x == "read" {
			return false
		}
	}
	return true
}

// readOnly says a property is the service's to set: readOnly, or x-ms-mutability [read].
func readOnly(p *spec.Schema) bool {
	if p.ReadOnly {
		return true
	}
	m, ok := p.Extensions["x-ms-mutability"].([]any)
	return ok && len(m) == 1 && m[0] == "read"
}

package armschema

import (
	"slices"
	"strings"
	"sync"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// subtypeEntry indexes, once per swagger file, which definitions extend which through allOf.
type subtypeEntry struct {
	once sync.Once
	// children maps a definition (file#pointer) to the definitions of this file that extend it.
	children map[string][]loader.Target
}

// subtypes returns the index of doc.
func (v *Validator) subtypes(doc *loader.Document) map[string][]loader.Target {
	v.mu.Lock()
	e, ok := v.subtypeIndex[doc.Path]
	if !ok {
		e = &subtypeEntry{}
		v.subtypeIndex[doc.Path] = e
	}
	v.mu.Unlock()
	e.once.Do(func() { e.children = v.indexSubtypes(doc) })
	return e.children
}

func (v *Validator) indexSubtypes(doc *loader.Document) map[string][]loader.Target {
	out := map[string][]loader.Target{}
	for _, name := range doc.DefinitionNames() {
		// Most definitions extend nothing: skip decoding them.
		if !strings.Contains(string(doc.RawDefinition(name)), `"allOf"`) {
			continue
		}
		at := loader.Pointer("definitions", name)
		s, _, err := doc.Definition(name)
		if err != nil {
			continue // a broken definition elsewhere in the file is not this check's concern
		}
		for _, parent := range s.AllOf {
			ref := parent.Ref.String()
			if ref == "" {
				continue
			}
			t, err := v.corpus.Resolve(doc, at, ref)
			if err != nil {
				continue
			}
			k := t.Doc.Path + "#" + t.Pointer
			out[k] = append(out[k], loader.Target{Doc: doc, Pointer: at})
		}
	}
	return out
}

// findVariants gives a polymorphic definition its variants: the definitions that extend it,
// transitively, in the api-version's files and in the base's own file (where the generator looks
// too), each under its discriminator value.
func (b *builder) findVariants(p polymorphicDef) error {
	docs := b.docs
	if !slices.Contains(docs, p.at.Doc) {
		docs = append(slices.Clone(docs), p.at.Doc)
	}
	indexes := make([]map[string][]loader.Target, len(docs))
	for i, d := range docs {
		indexes[i] = b.v.subtypes(d)
	}
	seen := map[string]bool{}
	var found []loader.Target
	var walk func(t loader.Target)
	walk = func(t loader.Target) {
		for _, ix := range indexes {
			for _, c := range ix[t.Doc.Path+"#"+t.Pointer] {
				k := c.Doc.Path + "#" + c.Pointer
				if !seen[k] {
					seen[k] = true
					found = append(found, c)
					walk(c)
				}
			}
		}
	}
	walk(p.at)
	// Sorted, so that when two variants claim one value the same one wins every time.
	slices.SortFunc(found, func(a, b loader.Target) int { return strings.Compare(a.Name()+a.Doc.Path, b.Name()+b.Doc.Path) })
	for _, c := range found {
		def, ok, err := c.Doc.Definition(c.Name())
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		n, err := b.definition(c, c.Doc, c.Pointer, "#"+c.Pointer)
		if err != nil {
			return err
		}
		if _, dup := p.n.variants[discriminatorValue(c.Name(), def)]; !dup {
			p.n.variants[discriminatorValue(c.Name(), def)] = n
		}
	}
	return nil
}

// discriminatorValue is the value that names a definition: x-ms-discriminator-value, else its
// name.
func discriminatorValue(name string, def *spec.Schema) string {
	if v, ok := def.Extensions["x-ms-discriminator-value"].(string); ok && v != "" {
		return v
	}
	return name
}

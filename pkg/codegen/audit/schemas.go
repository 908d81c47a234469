package audit

import (
	"slices"
	"strconv"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// declared is a property with the place it was declared.
type declared struct {
	name   string
	schema *spec.Schema
	doc    *loader.Document
	ptr    string
}

// collect gathers the properties of s and of every schema it extends through allOf; a schema's
// own declaration of a name wins over its ancestors'.
func (w *walker) collect(doc *loader.Document, ptr string, s *spec.Schema, seen map[string]bool) []declared {
	var out []declared
	put := func(d declared) {
		if i := slices.IndexFunc(out, func(p declared) bool { return p.name == d.name }); i >= 0 {
			out[i] = d
		} else {
			out = append(out, d)
		}
	}
	for i := range s.AllOf {
		pdoc, pptr, ps, ok := w.resolve(doc, ptr+"/allOf/"+strconv.Itoa(i), &s.AllOf[i])
		if !ok || seen[pdoc.Path+"#"+pptr] {
			continue
		}
		seen[pdoc.Path+"#"+pptr] = true
		for _, d := range w.collect(pdoc, pptr, ps, seen) {
			put(d)
		}
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ps := s.Properties[n]
		put(declared{name: n, schema: &ps, doc: doc, ptr: ptr + loader.Pointer("properties", n)})
	}
	return out
}

// version is what the walks of one API version's resources share.
type version struct {
	corpus *loader.Corpus
	// docs are the version's documents, where union variants are searched.
	docs []*loader.Document
	// bodies are the identities (file#pointer) of the version's resource bodies: each is an
	// embedded resource wherever it appears inside another.
	bodies map[string]bool
	// settings are what azure-arm.yaml says of the properties of types other than resources,
	// by swagger definition name, then property name.
	settings map[string]map[string]propertySetting
	subtypes map[string][]loader.Target
	indexed  map[*loader.Document]bool
}

// variantsOf finds the definitions that extend base through allOf, directly or not, in the
// version's documents and base's own.
func (v *version) variantsOf(base loader.Target) []loader.Target {
	for _, d := range v.docs {
		v.indexSubtypes(d)
	}
	v.indexSubtypes(base.Doc)
	var out []loader.Target
	seen := make(map[string]bool)
	var walk func(t loader.Target)
	walk = func(t loader.Target) {
		for _, c := range v.subtypes[t.Doc.Path+"#"+t.Pointer] {
			k := c.Doc.Path + "#" + c.Pointer
			if !seen[k] {
				seen[k] = true
				out = append(out, c)
				walk(c)
			}
		}
	}
	walk(base)
	slices.SortFunc(out, func(a, b loader.Target) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

func (v *version) indexSubtypes(d *loader.Document) {
	if v.indexed[d] {
		return
	}
	v.indexed[d] = true
	for _, n := range d.DefinitionNames() {
		// Most definitions extend nothing; skip decoding them.
		if !strings.Contains(string(d.RawDefinition(n)), `"allOf"`) {
			continue
		}
		s, found, err := d.Definition(n)
		if err != nil || !found {
			continue
		}
		for i, parent := range s.AllOf {
			ref := parent.Ref.String()
			if ref == "" {
				continue
			}
			t, err := v.corpus.Resolve(d, loader.Pointer("definitions", n, "allOf", strconv.Itoa(i)), ref)
			if err != nil {
				continue
			}
			k := t.Doc.Path + "#" + t.Pointer
			v.subtypes[k] = append(v.subtypes[k], loader.Target{Doc: d, Pointer: loader.Pointer("definitions", n)})
		}
	}
}

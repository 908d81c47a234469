package audit

import (
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// occurrence is one swagger property as the walk reached it, with the facts the exclusion rules
// read. The walk reads the swagger itself (through the loader's documents and $ref resolution
// only), never the type graph, so that a property the stages drop cannot also drop out of the
// audit.
type occurrence struct {
	side   Side
	name   string // wire name; extraKeys for additionalProperties beside properties
	wire   string // wire path from the body or response root
	source string // file#/json/pointer of the declaration

	readOnly bool   // the service sets it (readOnly, x-ms-mutability, or a read-only definition)
	removed  string // why $removeFromSpec leaves it out of specs
	secret   bool   // x-ms-secret, $isSecret or a password-like string: never returned
	flatten  bool   // x-ms-client-flatten or $flatten: true
	identity bool   // id, name or type of the resource itself
	// embedded: a property of a resource embedded in another, which keeps only its ID.
	embedded bool
	// emptyStub: the value is an embedded resource a client can write nothing of.
	emptyStub bool
	// lifted: declared inside an object flattened into its container.
	lifted bool
	// keyed: a value of the map of user-assigned identities, which specs turn into a list of
	// references (as ASO does): Azure fills the values.
	keyed bool
	// goClash names a sibling whose Go name is the same.
	goClash string
	// holder is the property whose value declares this one; nil at the root.
	holder *occurrence
	// variant is the union variant (file#pointer) whose object declares it, if any.
	variant string
	// recursive: its value leads back to an object the walk is inside (swagger-side recursion,
	// what break-cycles cuts).
	recursive bool
}

// extraKeys names the pseudo-property of the keys an object allows beside its properties
// (additionalProperties next to properties).
const extraKeys = "{additionalProperties}"

// rule returns the exclusion rule that explains the occurrence's absence, "" when none does.
func (o *occurrence) rule() string {
	switch {
	case o.identity:
		return "arm-identity: id, name and type of the resource are ARM's (spec.azureName holds the name)"
	case o.side == Spec && o.readOnly:
		return "read-only: the service sets it, so spec leaves it out"
	case o.side == Spec && o.removed != "":
		return "removed: $removeFromSpec: " + o.removed
	case o.side == Status && o.secret:
		return "secret: Azure never returns it, so status leaves it out"
	case o.embedded:
		return "embedded-resource: a resource inside another keeps only its ID (and writable name)"
	case o.side == Spec && o.emptyStub:
		return "embedded-resource: nothing of it is writable"
	case o.flatten:
		return "flattened: its properties are lifted into its container (x-ms-client-flatten or $flatten)"
	case o.side == Spec && o.keyed:
		return "identity-references: spec lists user-assigned identities as references; Azure fills the map's values"
	}
	return ""
}

// cause guesses why an unaccounted occurrence was lost, for the report; the guess explains
// nothing away, the occurrence stays unaccounted. lost tells the sources already unaccounted,
// variants the union variants of which the graph holds some property.
func (o *occurrence) cause(lost, variants map[string]bool) string {
	json := astmodel.JSONName(astmodel.ExportedName(o.name))
	switch {
	case o.holder != nil && lost[o.holder.source]:
		return "inside-lost: declared inside " + o.holder.wire + ", which is lost"
	case o.variant != "" && !variants[o.variant]:
		return "variant-missing: the union variant " + o.variant + " is not in the graph"
	case o.name == extraKeys:
		return "extra-keys: additionalProperties beside properties"
	case o.side == Spec && (json == "owner" || json == "azureName" || json == "operatorSpec"),
		o.side == Status && json == "conditions":
		return "operator-name: named like a property the operator adds"
	case o.goClash != "":
		return "go-name: same Go name as " + o.goClash
	case o.recursive:
		return "recursion: leads back to an object it is declared inside, but no unrolled copy records leaving it out"
	case o.lifted:
		return "flatten-clash: lifted beside a property of the same name"
	}
	return "unknown"
}

// walker walks the swagger of one resource for one side.
type walker struct {
	*version
	side Side
	// own are the resource's own property settings, which apply at its top level.
	own map[string]propertySetting

	seen map[string]bool
	// inside are the objects (file#pointer) the walk is in, outermost first.
	inside map[string]bool
	out    map[string]*occurrence // by source
	keys   []string               // sources in walk order
}

// propertySetting is what azure-arm.yaml says of a property name.
type propertySetting struct {
	secret  bool
	flatten *bool
	// removed is why $removeFromSpec leaves the property out of specs, "" when it does not.
	removed string
}

func (w *walker) add(o *occurrence) {
	prev, ok := w.out[o.source]
	if !ok {
		w.out[o.source] = o
		w.keys = append(w.keys, o.source)
		return
	}
	// One declaration reached twice: it may be left out only if left out everywhere.
	if prev.rule() != "" && o.rule() == "" {
		w.out[o.source] = o
	}
}

// root walks a body or response schema.
func (w *walker) root(ref loader.SchemaRef) {
	if ref.Schema == nil {
		return
	}
	doc, ptr, s, ok := w.resolve(ref.Doc, ref.Pointer, ref.Schema)
	if !ok {
		return
	}
	w.object(doc, ptr, s, "", true, nil)
}

// setting returns what azure-arm.yaml says of a declared property: the resource's own settings
// at its top level (its body or response, and envelopes flattened into them), else those of the
// definition declaring it.
func (w *walker) setting(c declared, topLevel bool) (propertySetting, bool) {
	if topLevel {
		if st, ok := w.own[c.name]; ok {
			return st, true
		}
	}
	def, _, _ := strings.Cut(strings.TrimPrefix(c.ptr, "/definitions/"), "/")
	st, ok := w.settings[strings.ReplaceAll(strings.ReplaceAll(def, "~1", "/"), "~0", "~")][c.name]
	return st, ok
}

// resolve follows a $ref to the definition it names; ok is false where the loader refuses.
func (w *walker) resolve(doc *loader.Document, ptr string, s *spec.Schema) (*loader.Document, string, *spec.Schema, bool) {
	for hops := 0; s.Ref.String() != ""; hops++ {
		if hops > 32 {
			return nil, "", nil, false
		}
		t, err := w.corpus.Resolve(doc, ptr, s.Ref.String())
		if err != nil || !strings.HasPrefix(t.Pointer, "/definitions/") {
			return nil, "", nil, false
		}
		d, found, err := t.Doc.Definition(t.Name())
		if err != nil || !found {
			return nil, "", nil, false
		}
		doc, ptr, s = t.Doc, t.Pointer, d
	}
	return doc, ptr, s, true
}

// isObject tells the schemas that become objects with properties (or unions).
func isObject(s *spec.Schema) bool {
	if len(s.Enum) > 0 && len(s.Properties) == 0 && len(s.AllOf) == 0 {
		return false
	}
	return len(s.Properties) > 0 || len(s.AllOf) > 0 || s.Discriminator != ""
}

// value walks what a property holds: objects, array items, map values.
func (w *walker) value(doc *loader.Document, ptr string, s *spec.Schema, wire string, holder *occurrence) {
	doc, ptr, s, ok := w.resolve(doc, ptr, s)
	if !ok {
		return
	}
	switch {
	case isObject(s):
		w.object(doc, ptr, s, wire, false, holder)
	case s.Type.Contains("array") || len(s.Type) == 0 && s.Items != nil:
		if s.Items != nil && s.Items.Schema != nil {
			w.value(doc, ptr+"/items", s.Items.Schema, wire+"[]", holder)
		}
	case s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
		w.value(doc, ptr+"/additionalProperties", s.AdditionalProperties.Schema, wire+"{}", holder)
	}
}

// object walks an object, a union's variants, or an embedded resource's stub.
func (w *walker) object(doc *loader.Document, ptr string, s *spec.Schema, wire string, top bool, holder *occurrence) {
	w.objectOf(doc, ptr, s, wire, top, holder, "")
}

// objectOf walks an object; variant is set when the object is a union's variant.
func (w *walker) objectOf(doc *loader.Document, ptr string, s *spec.Schema, wire string, top bool, holder *occurrence, variant string) {
	key := doc.Path + "#" + ptr
	props := w.collect(doc, ptr, s, map[string]bool{key: true})
	embedded := !top && w.bodies[key] && slices.ContainsFunc(props, func(c declared) bool { return c.name == "id" })
	if embedded && holder != nil && w.side == Spec && !w.stubWritable(props) {
		holder.emptyStub = true
	}
	if w.seen[key] {
		if w.inside[key] && holder != nil {
			holder.recursive = true
		}
		return
	}
	w.seen[key] = true
	if w.inside == nil {
		w.inside = make(map[string]bool)
	}
	w.inside[key] = true
	defer delete(w.inside, key)
	if s.Discriminator != "" {
		if variants := w.version.variantsOf(loader.Target{Doc: doc, Pointer: ptr}); len(variants) > 0 {
			w.extraKeys(s, key, wire, holder)
			for _, v := range variants {
				vs, found, err := v.Doc.Definition(v.Name())
				if err != nil || !found {
					continue
				}
				value := v.Name()
				if dv, ok := vs.Extensions["x-ms-discriminator-value"].(string); ok && dv != "" {
					value = dv
				}
				w.objectOf(v.Doc, v.Pointer, vs, wire+"("+s.Discriminator+"="+value+")", false, holder, v.Doc.Path+"#"+v.Pointer)
			}
			return
		}
	}
	goNames := make(map[string][]string)
	for _, c := range props {
		g := astmodel.ExportedName(c.name)
		goNames[g] = append(goNames[g], c.name)
	}
	for _, c := range props {
		o := w.occurrence(c, wire, top || holder != nil && holder.flatten && holder.holder == nil && !strings.Contains(holder.wire, "."))
		o.identity = top && w.side == Spec && (c.name == "id" || c.name == "name" || c.name == "type")
		o.lifted = holder != nil && holder.flatten
		o.keyed = holder != nil && holder.name == "userAssignedIdentities" && strings.HasSuffix(wire, "userAssignedIdentities{}")
		o.holder = holder
		o.variant = variant
		if others := goNames[astmodel.ExportedName(c.name)]; len(others) > 1 {
			o.goClash = strings.Join(slices.DeleteFunc(slices.Clone(others), func(n string) bool { return n == c.name }), ",")
		}
		if embedded {
			o.embedded = !w.stubKeeps(c)
		}
		w.add(o)
		if o.identity || o.embedded || w.side == Spec && (o.readOnly || o.removed != "") || w.side == Status && o.secret {
			continue // nothing below it reaches this side
		}
		w.value(c.doc, c.ptr, c.schema, o.wire, o)
	}
	w.extraKeys(s, key, wire, holder)
}

// extraKeys records the keys an object allows beside its properties (a union's base too: every
// variant extends it).
func (w *walker) extraKeys(s *spec.Schema, key, wire string, holder *occurrence) {
	if ap := s.AdditionalProperties; ap != nil && (ap.Schema != nil || ap.Allows) && len(s.Properties) > 0 {
		w.add(&occurrence{side: w.side, name: extraKeys, wire: join(wire, "{}"), source: key + "/additionalProperties", holder: holder})
	}
}

// stubKeeps tells the properties an embedded resource's stub keeps: its id, and in specs a
// writable string name.
func (w *walker) stubKeeps(c declared) bool {
	switch c.name {
	case "id":
		return w.side == Status || !w.readOnly(c)
	case "name":
		return w.side == Spec && !w.readOnly(c) && c.schema.Type.Contains("string")
	}
	return false
}

func (w *walker) stubWritable(props []declared) bool {
	return slices.ContainsFunc(props, func(c declared) bool { return (c.name == "id" || c.name == "name") && w.stubKeeps(c) })
}

func join(wire, name string) string {
	if wire == "" || strings.HasPrefix(name, "{") || strings.HasPrefix(name, "[") {
		return wire + name
	}
	return wire + "." + name
}

// occurrence records a declared property and its facts.
func (w *walker) occurrence(c declared, wire string, topLevel bool) *occurrence {
	o := &occurrence{side: w.side, name: c.name, wire: join(wire, c.name), source: c.doc.Path + "#" + c.ptr}
	o.readOnly = w.readOnly(c)
	secret := extensionTrue(c.schema, "x-ms-secret")
	n := strings.ToLower(c.name)
	if (strings.HasSuffix(n, "password") || strings.HasSuffix(n, "secret")) && c.schema.Type.Contains("string") {
		secret = true
	}
	o.flatten = extensionTrue(c.schema, "x-ms-client-flatten")
	if st, ok := w.setting(c, topLevel); ok {
		secret = secret || st.secret
		o.removed = st.removed
		if st.flatten != nil {
			o.flatten = *st.flatten
		}
	}
	o.secret = secret
	return o
}

// readOnly is the service's to set: readOnly, an x-ms-mutability without create or update, or a
// property whose definition is so as a whole.
func (w *walker) readOnly(c declared) bool {
	if serviceSet(c.schema) {
		return true
	}
	if c.schema.Ref.String() == "" {
		return false
	}
	t, err := w.corpus.Resolve(c.doc, c.ptr, c.schema.Ref.String())
	if err != nil {
		return false
	}
	d, found, err := t.Doc.Definition(t.Name())
	return err == nil && found && serviceSet(d)
}

func serviceSet(s *spec.Schema) bool {
	if s.ReadOnly {
		return true
	}
	m, ok := s.Extensions["x-ms-mutability"].([]any)
	if !ok {
		return false
	}
	for _, v := range m {
		if v == "create" || v == "update" {
			return false
		}
	}
	return true
}

func extensionTrue(s *spec.Schema, name string) bool {
	v, ok := s.Extensions[name].(bool)
	return ok && v
}

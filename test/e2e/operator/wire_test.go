package operator_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/pkg/genruntime"
)

// The samples' PUT bodies checked against the samples themselves, not against ConvertToARM: every
// value the sample's spec sets must be on the wire at the same property path, where a property
// may sit inside a "properties" envelope (x-ms-client-flatten lifts it out in the spec), a
// reference (xReference, or reference inside an object) is the referenced resource's ARM ID under
// x (or id), xFromConfig is the ConfigMap's value under x, and a Secret reference is the Secret's
// value.

// specOnly are the spec's own fields, which are not sent as properties.
var specOnly = []string{"owner", "azureName", "operatorSpec", "originalVersion"}

// checkWire compares the sample's spec with the PUT body Azure received and returns each
// difference, by spec path.
func (r *run) checkWire(t *testing.T, s genruntime.ARMMetaObject, samples []genruntime.ARMMetaObject, body string) []string {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var obj struct {
		Spec map[string]any `json:"spec"`
	}
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatal(err)
	}
	var wire map[string]any
	if err := json.Unmarshal([]byte(body), &wire); err != nil {
		return []string{"the PUT body is not a JSON object: " + err.Error()}
	}
	for _, k := range specOnly {
		delete(obj.Spec, k)
	}
	if gvk, err := apiutil.GVKForObject(s, shared.Scheme); err == nil {
		r.renamedPrefixes = []string{"properties", strings.ToLower(gvk.Kind)}
	}
	r.secretMaps = secretMapPaths(reflect.ValueOf(s).Elem().FieldByName("Spec"), "spec")
	return r.compareObject(t, "spec", obj.Spec, wire, samples)
}

// secretMapPaths are the spec paths of the maps of secrets a spec sets ({name} of a whole
// Secret, a shape that cannot be told from an object that only has a name, so found by type).
func secretMapPaths(v reflect.Value, path string) map[string]bool {
	out := map[string]bool{}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			return secretMapPaths(v.Elem(), path)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[genruntime.SecretMapReference]() {
			out[path] = true
			return out
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "" || name == "-" {
				continue
			}
			maps.Copy(out, secretMapPaths(v.Field(i), path+"."+name))
		}
	}
	return out
}

// secretMap is the data of the Secret a map of secrets names, as the wire holds it.
func (r *run) secretMap(t *testing.T, ref any) map[string]any {
	m, _ := ref.(map[string]any)
	var secret corev1.Secret
	if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: fmt.Sprint(m["name"])}, &secret); err != nil {
		t.Fatalf("the Secret a sample names: %v", err)
	}
	out := map[string]any{}
	for k, v := range secret.Data {
		out[k] = string(v)
	}
	return out
}

// referenceIDs is the ARM ID each reference of a list stands for.
func (r *run) referenceIDs(t *testing.T, refs any, samples []genruntime.ARMMetaObject) []any {
	var ids []any
	for _, ref := range refs.([]any) {
		ids = append(ids, r.referenceID(t, ref, samples))
	}
	return ids
}

func (r *run) compareObject(t *testing.T, path string, spec, wire map[string]any, samples []genruntime.ARMMetaObject) []string {
	var diffs []string
	for k, v := range spec {
		p := path + "." + k
		wireKeys, want := []string{k}, v
		switch {
		case k == "reference":
			wireKeys, want = []string{"id"}, r.referenceID(t, v, samples)
		case strings.HasSuffix(k, "References") && isResourceRefList(v):
			// A list of ARM IDs the swagger names xIds (or x): xReferences in the spec.
			x := strings.TrimSuffix(k, "References")
			wireKeys, want = []string{x + "Ids", x + "IDs", x}, r.referenceIDs(t, v, samples)
		case strings.HasSuffix(k, "Reference") && isResourceRef(v):
			// The swagger names the property x, xId or xID; the spec names it xReference. A
			// swagger property named so (a VM's imageReference) holds no reference.
			x := strings.TrimSuffix(k, "Reference")
			wireKeys, want = []string{x, x + "Id"}, r.referenceID(t, v, samples)
		case strings.HasSuffix(k, "Reference") && isResourceRefList(v):
			// A list of ARM IDs (a role definition's assignableScopes): a list of references.
			x := strings.TrimSuffix(k, "Reference")
			wireKeys, want = []string{x, x + "Id", x + "Ids", x + "IDs"}, r.referenceIDs(t, v, samples)
		case strings.HasSuffix(k, "FromConfig"):
			wireKeys, want = []string{strings.TrimSuffix(k, "FromConfig")}, r.configMapValue(t, v)
		case r.secretMaps[p]:
			want = r.secretMap(t, v)
		case isSecretRef(v):
			want = r.secretValue(t, v.(map[string]any))
		}
		var candidates []any
		for _, wk := range wireKeys {
			if candidates = lookup(wire, wk, r.renamedPrefixes); len(candidates) > 0 {
				break
			}
		}
		if len(candidates) == 0 {
			if variant, ok := want.(map[string]any); ok && len(spec) == 1 {
				// A one-of: the spec names the variant, the wire is the variant itself.
				diffs = append(diffs, r.compareObject(t, p, variant, wire, samples)...)
				continue
			}
			diffs = append(diffs, fmt.Sprintf("%s: not in the PUT body (want %v at %s, or inside properties)", p, redactIfSecret(p, want), strings.Join(wireKeys, " or ")))
			continue
		}
		// The same name may be at several depths (a web test's name: the resource's, and
		// properties.Name): the value the spec sets must be at one of them.
		var best []string
		for i, got := range candidates {
			d := r.compareCandidate(t, p, want, got, samples)
			if i == 0 || len(d) == 0 {
				best = d
			}
			if len(d) == 0 {
				break
			}
		}
		diffs = append(diffs, best...)
	}
	return diffs
}

func (r *run) compareCandidate(t *testing.T, p string, want, got any, samples []genruntime.ARMMetaObject) []string {
	if ids, ok := referenceList(want); ok {
		// A list of references is, on the wire, an object keyed by the ARM IDs (as
		// userAssignedIdentities are).
		if m, isMap := got.(map[string]any); isMap {
			return r.compareIDKeys(t, p, ids, m, samples)
		}
	}
	return r.compareValue(t, p, want, got, samples)
}

func (r *run) compareValue(t *testing.T, path string, want, got any, samples []genruntime.ARMMetaObject) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: an object in the spec, %T on the wire", path, got)}
		}
		return r.compareObject(t, path, w, g, samples)
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: %v in the spec, %v on the wire", path, want, got)}
		}
		var diffs []string
		for i := range w {
			diffs = append(diffs, r.compareValue(t, fmt.Sprintf("%s[%d]", path, i), w[i], g[i], samples)...)
		}
		return diffs
	case string:
		if g, ok := got.(string); ok && (g == w || strings.HasPrefix(w, "/subscriptions/") && strings.EqualFold(g, w)) {
			return nil
		}
	default:
		if fmt.Sprint(want) == fmt.Sprint(got) {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: %v in the spec, %v on the wire", path, redactIfSecret(path, want), redactIfSecret(path, got))}
}

// referenceList: v is a list of objects each holding only a reference.
func referenceList(v any) ([]any, bool) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	for _, e := range list {
		m, ok := e.(map[string]any)
		if _, has := m["reference"]; !ok || !has || len(m) != 1 {
			return nil, false
		}
	}
	return list, true
}

// compareIDKeys checks that the keys of got are the ARM IDs of the references in want.
func (r *run) compareIDKeys(t *testing.T, path string, want []any, got map[string]any, samples []genruntime.ARMMetaObject) []string {
	var diffs []string
	for i, e := range want {
		id := fmt.Sprint(r.referenceID(t, e.(map[string]any)["reference"], samples))
		if !slices.ContainsFunc(slices.Collect(maps.Keys(got)), func(k string) bool { return strings.EqualFold(k, id) }) {
			diffs = append(diffs, fmt.Sprintf("%s[%d]: %s is not a key on the wire (%v)", path, i, id, got))
		}
	}
	if len(got) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%s: %d references in the spec, %d keys on the wire", path, len(want), len(got)))
	}
	return diffs
}

// lookup finds key in wire, or in its properties envelope (and so on down), every match, the
// outermost first. Names compare as Kubernetes JSON spells wire names: case and the separators
// of odata.type, @odata.type or Application_Type aside. A spec name the generator renamed to avoid a clash
// (documented in docs/adding-a-resource.md: propertiesKind beside kind, ruleconditions beside
// the operator's conditions) carries one of prefixes in front of the wire name.
func lookup(wire map[string]any, key string, prefixes []string) []any {
	var out []any
	want := normalName(key)
	for k, v := range wire {
		n := normalName(k)
		if n == want || slices.ContainsFunc(prefixes, func(p string) bool { return p+n == want }) {
			out = append(out, v)
		}
	}
	if props, ok := wire["properties"].(map[string]any); ok {
		out = append(out, lookup(props, key, prefixes)...)
	}
	return out
}

// normalName is a property name without case or separators.
func normalName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r == '-' || r == '@' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// isResourceRef: an object of a resource reference's fields only ({group, kind, name} or
// {armId}), the shape of a ResourceReference.
func isResourceRef(v any) bool {
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		return false
	}
	for k := range m {
		if !slices.Contains([]string{"group", "kind", "name", "armId", "wellKnownName"}, k) {
			return false
		}
	}
	return true
}

// isResourceRefList: a non-empty list of resource references.
func isResourceRefList(v any) bool {
	list, ok := v.([]any)
	return ok && len(list) > 0 && !slices.ContainsFunc(list, func(e any) bool { return !isResourceRef(e) })
}

// isSecretRef: a {name, key} object, the shape of a Secret reference.
func isSecretRef(v any) bool {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 2 {
		return false
	}
	_, name := m["name"]
	_, key := m["key"]
	return name && key
}

func (r *run) secretValue(t *testing.T, ref map[string]any) string {
	var secret corev1.Secret
	if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: fmt.Sprint(ref["name"])}, &secret); err != nil {
		t.Fatalf("the Secret a sample names: %v", err)
	}
	return string(secret.Data[fmt.Sprint(ref["key"])])
}

// configMapValue is the value a ConfigMap reference ({name, key}) names.
func (r *run) configMapValue(t *testing.T, v any) string {
	ref, _ := v.(map[string]any)
	var cm corev1.ConfigMap
	if err := shared.Client.Get(context.Background(), client.ObjectKey{Namespace: r.ns, Name: fmt.Sprint(ref["name"])}, &cm); err != nil {
		t.Fatalf("the ConfigMap a sample names: %v", err)
	}
	return cm.Data[fmt.Sprint(ref["key"])]
}

// referenceID is the ARM ID a reference names: its armId, or the resource-id of the sample it
// names; of a list of references (a SQL failover group's databases), the list of their IDs.
func (r *run) referenceID(t *testing.T, v any, samples []genruntime.ARMMetaObject) any {
	if list, ok := v.([]any); ok {
		ids := make([]any, len(list))
		for i, e := range list {
			ids[i] = r.referenceID(t, e, samples)
		}
		return ids
	}
	ref, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if id, ok := ref["armId"]; ok {
		return id
	}
	if name, ok := ref["wellKnownName"]; ok {
		// ConvertToARM sends the name; the kind's PutModifier (a role assignment's) may turn it
		// into an ID, which unmodified puts back before this comparison.
		return name
	}
	for _, o := range samples {
		gvk, err := apiutil.GVKForObject(o, shared.Scheme)
		if err != nil {
			t.Fatal(err)
		}
		if gvk.Group == ref["group"] && gvk.Kind == ref["kind"] && o.GetName() == ref["name"] {
			return o.GetAnnotations()[genruntime.ResourceIDAnnotation]
		}
	}
	t.Fatalf("a sample refers to %v, which is not a sample", ref)
	return nil
}

func redactIfSecret(path string, v any) any {
	if slices.ContainsFunc([]string{"password", "secret", "key", "protected"}, func(s string) bool { return strings.Contains(strings.ToLower(path), s) }) {
		return "(redacted)"
	}
	return v
}

package replay_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/armgen/armgen/pkg/genruntime"
)

// statusGaps compares an object's status with the last answer Azure gave for it before its
// delete: each value the answer holds, at its top level and in its properties, must be in the
// status under the same name (properties may be flattened into the status, as into the spec),
// where the status type has a field of that name; a value the swagger of the API version does
// not define (Azure answers with more than it documents) is only logged.
// Only the first two levels are checked: deeper names are the generated types' business, and a
// value missing there shows as its parent missing when the parent is empty.
func (r *run) statusGaps(o genruntime.ARMMetaObject) []string {
	id := strings.ToLower(r.resourceID(o))
	answer := ""
	for _, q := range r.srv.requests() {
		if q.Interaction >= 0 && strings.ToLower(q.Path) == id && q.Method != http.MethodDelete {
			if in := r.f.Conversation[q.Interaction]; in.Status == http.StatusOK && in.Response != "" {
				answer = in.Response
			}
		}
	}
	if answer == "" {
		return []string{fmt.Sprintf("%s: no answer of Azure for %s was served", o.GetName(), id)}
	}
	c, err := r.fresh(o)
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", o.GetName(), err)}
	}
	raw, _ := json.Marshal(c)
	var obj struct {
		Status map[string]any `json:"status"`
	}
	_ = json.Unmarshal(raw, &obj)
	var got map[string]any
	_ = json.Unmarshal([]byte(answer), &got)
	top, props := statusFields(o)
	var gaps, unknown []string
	check := func(path, name string, v any, found bool, known map[string]bool) {
		switch {
		case empty(v) || found:
		case known[normal(name)]:
			gaps = append(gaps, path)
		default:
			unknown = append(unknown, path)
		}
	}
	for _, k := range sortedUnion(got, nil) {
		v := got[k]
		if p, ok := v.(map[string]any); ok && k == "properties" {
			for _, pk := range sortedUnion(p, nil) {
				check("properties."+pk, pk, p[pk], has(obj.Status, pk) || has(asMap(obj.Status["properties"]), pk), props)
			}
			continue
		}
		check(k, k, v, has(obj.Status, k), top)
	}
	if len(unknown) > 0 {
		r.t.Logf("%s: %s: Azure's answer holds %s, which the swagger of its API version does not define", r.f.file, o.GetName(), strings.Join(unknown, ", "))
	}
	if len(gaps) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: Azure's answer holds %s, which the status has a field for but did not fill", o.GetName(), strings.Join(gaps, ", "))}
}

// statusFields are the names (normalised) of the fields of o's status type, at its top level,
// and at its top level and in its properties for what may be found in Azure's properties
// (flattened or not).
func statusFields(o genruntime.ARMMetaObject) (top, props map[string]bool) {
	top, props = map[string]bool{}, map[string]bool{}
	st, ok := reflect.TypeOf(o).Elem().FieldByName("Status")
	if !ok {
		return top, props
	}
	addFields(st.Type, top)
	addFields(st.Type, props)
	if p, ok := deref(st.Type).FieldByName("Properties"); ok {
		addFields(p.Type, props)
	}
	return top, props
}

func addFields(t reflect.Type, into map[string]bool) {
	t = deref(t)
	if t.Kind() != reflect.Struct {
		return
	}
	for f := range t.Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
			into[normal(name)] = true
		}
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// empty says whether an answer's value holds nothing: Kubernetes omits null, [] and {} alike.
func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// has finds a status field by name, ignoring case and punctuation (maxmemory-delta is
// maxmemoryDelta), with a value.
func has(m map[string]any, name string) bool {
	want := normal(name)
	return slices.ContainsFunc(sortedUnion(m, nil), func(k string) bool { return normal(k) == want && m[k] != nil })
}

func normal(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

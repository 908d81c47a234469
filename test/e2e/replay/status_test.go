package replay_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode"

	"github.com/armgen/armgen/pkg/genruntime"
)

// statusGaps compares an object's status with the last answer Azure gave for it before its
// delete: each value the answer holds, at its top level and in its properties, must be in the
// status under the same name (properties may be flattened into the status, as into the spec).
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
	var gaps []string
	for _, k := range sortedUnion(got, nil) {
		v := got[k]
		if props, ok := v.(map[string]any); ok && k == "properties" {
			for _, pk := range sortedUnion(props, nil) {
				if !empty(props[pk]) && !has(obj.Status, pk) && !has(asMap(obj.Status["properties"]), pk) {
					gaps = append(gaps, "properties."+pk)
				}
			}
			continue
		}
		if !empty(v) && !has(obj.Status, k) {
			gaps = append(gaps, k)
		}
	}
	if len(gaps) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: Azure's answer holds %s, which the status does not", o.GetName(), strings.Join(gaps, ", "))}
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

package genruntime

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// RetainedValuesAnnotation carries, on an object read at an API version, the values of the
// stored object that this version has no field for. The API server ranks our version names
// (v1api20200601) alphabetically, so the version kubectl uses when none is named is the oldest;
// an object written at a newer version and only relabelled through it would otherwise come back
// without every field the old version lacks. Writing the object back at that version (kubectl
// label, edit, apply) hands the annotation back with it, and the conversion to the hub restores
// those values and drops the annotation: the stored object never carries it. See
// docs/versions.md.
const RetainedValuesAnnotation = "serviceoperator.azure.com/retained-values"

// originalVersionJSON is the JSON name of the hub's record of the API version the user wrote.
const originalVersionJSON = "originalVersion"

// retained is the annotation's content.
type retained struct {
	// Values are what the version lost of spec and status.
	Values *lostValue `json:"values"`
	// Spec is a digest of the spec as the version was handed it: the same spec coming back means
	// the user wrote nothing through this version (a relabel), so the version the user wrote
	// stays what it was.
	Spec string `json:"spec"`
	// UID is the object's the values were read from. The annotation is the user's to send, so
	// on create, where the API server gives the object a fresh uid, one can only be planted
	// (copied from another object, or written by hand to set a Ready condition or values past
	// the newer version's validation); RestoreValues refuses it.
	UID string `json:"uid,omitempty"`
}

// lostValue is what a version lost of one JSON value: the whole value (Value), or, of an object
// or array the version holds, what it lost of their members (Fields, Items).
type lostValue struct {
	Value  json.RawMessage       `json:"value,omitempty"`
	Fields map[string]*lostValue `json:"fields,omitempty"`
	Items  []*lostValue          `json:"items,omitempty"`
}

// ConvertibleObject is an API version of a resource.
type ConvertibleObject interface {
	client.Object
	conversion.Convertible
}

// RetainValues records on obj, just converted from hub, the values of hub that obj cannot hold:
// those that do not come back when obj converts to the hub again. Nothing is recorded when
// nothing is lost.
func RetainValues(hub conversion.Hub, obj ConvertibleObject) error {
	setAnnotation(obj, RetainedValuesAnnotation, "")
	back, ok := reflect.New(reflect.TypeOf(hub).Elem()).Interface().(conversion.Hub)
	if !ok {
		return fmt.Errorf("%T: cannot make another", hub)
	}
	if err := obj.ConvertTo(back); err != nil {
		return fmt.Errorf("converting %T back to the hub to see what it keeps: %w", obj, err)
	}
	if keptAll(hub, back) {
		// The common case (an object read at the version it was written through): equal Go
		// values marshal to equal JSON, so nothing is lost and the JSON comparison below, the
		// most of a conversion webhook review's CPU, is not needed.
		return nil
	}
	had, err := specAndStatus(hub)
	if err != nil {
		return err
	}
	kept, err := specAndStatus(back)
	if err != nil {
		return err
	}
	lost, err := lostFrom(had, kept)
	if err != nil || lost == nil {
		return err
	}
	digest, err := specDigest(obj)
	if err != nil {
		return err
	}
	uid := string(obj.GetUID())
	data, err := json.Marshal(retained{Values: lost, Spec: digest, UID: uid})
	if err != nil {
		return err
	}
	if len(data) > maxRetainedStatus && lost.Fields["status"] != nil {
		// Annotations share 256 KiB; the status is Azure's to fill again at the next
		// reconcile, the spec is the user's and is always kept.
		delete(lost.Fields, "status")
		if len(lost.Fields) == 0 {
			return nil
		}
		if data, err = json.Marshal(retained{Values: lost, Spec: digest, UID: uid}); err != nil {
			return err
		}
	}
	setAnnotation(obj, RetainedValuesAnnotation, string(data))
	return nil
}

// maxRetainedStatus is the size of the annotation above which what a version lost of the
// status is not carried.
const maxRetainedStatus = 64 << 10

// RestoreValues puts back into hub, just converted from obj, the values RetainValues recorded on
// obj, where obj holds nothing in their place, and removes the annotation from hub. The
// original version recorded stays, unless the spec was written through obj and obj holds all of
// it.
func RestoreValues(obj ConvertibleObject, hub conversion.Hub) error {
	h, ok := hub.(client.Object)
	if !ok {
		return fmt.Errorf("%T is not an object", hub)
	}
	setAnnotation(h, RetainedValuesAnnotation, "")
	// Said of an object stored at its kind's only API version; the hub records its own.
	setAnnotation(h, ReplacedOriginalVersionAnnotation, "")
	text := obj.GetAnnotations()[RetainedValuesAnnotation]
	if text == "" {
		return nil
	}
	var r retained
	if err := json.Unmarshal([]byte(text), &r); err != nil || r.Values == nil {
		return fmt.Errorf("annotation %s of %s: not what the operator wrote (%v); remove it to keep only what this version holds", RetainedValuesAnnotation, obj.GetName(), err)
	}
	if r.UID != string(obj.GetUID()) {
		return fmt.Errorf("annotation %s of %s: recorded for the object of uid %q, not this one (%q); it holds what another object's version could not, so remove it", RetainedValuesAnnotation, obj.GetName(), r.UID, obj.GetUID())
	}
	digest, err := specDigest(obj)
	if err != nil {
		return err
	}
	var whole map[string]any
	data, err := json.Marshal(hub)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &whole); err != nil {
		return err
	}
	if spec := r.Values.Fields["spec"]; spec != nil {
		if ov, ok := spec.Fields[originalVersionJSON]; ok {
			delete(spec.Fields, originalVersionJSON)
			// Kept unless the spec was written through obj and nothing of it is beyond obj.
			if digest == r.Spec || len(spec.Fields) > 0 || spec.Items != nil {
				if s, ok := whole["spec"].(map[string]any); ok {
					var v any
					if err := json.Unmarshal(ov.Value, &v); err != nil {
						return fmt.Errorf("annotation %s of %s: %w", RetainedValuesAnnotation, obj.GetName(), err)
					}
					s[originalVersionJSON] = v
				}
			}
		}
	}
	if err := restore(whole, r.Values); err != nil {
		return fmt.Errorf("annotation %s of %s: %w", RetainedValuesAnnotation, obj.GetName(), err)
	}
	data, err = json.Marshal(whole)
	if err != nil {
		return err
	}
	v := reflect.ValueOf(hub).Elem()
	v.Set(reflect.Zero(v.Type()))
	return json.Unmarshal(data, hub)
}

// lostFrom is what of had is not in kept, nil for nothing.
func lostFrom(had, kept any) (*lostValue, error) {
	whole := func() (*lostValue, error) {
		data, err := json.Marshal(had)
		return &lostValue{Value: data}, err
	}
	switch h := had.(type) {
	case map[string]any:
		k, ok := kept.(map[string]any)
		if !ok {
			return whole()
		}
		out := &lostValue{Fields: make(map[string]*lostValue)}
		for name, hv := range h {
			kv, ok := k[name]
			var l *lostValue
			var err error
			if ok {
				l, err = lostFrom(hv, kv)
			} else {
				l, err = lostFrom(hv, nil)
			}
			if err != nil {
				return nil, err
			}
			if l != nil {
				out.Fields[name] = l
			}
		}
		if len(out.Fields) == 0 {
			return nil, nil
		}
		return out, nil
	case []any:
		k, ok := kept.([]any)
		if !ok || len(k) != len(h) {
			return whole()
		}
		out := &lostValue{Items: make([]*lostValue, len(h))}
		some := false
		for i := range h {
			l, err := lostFrom(h[i], k[i])
			if err != nil {
				return nil, err
			}
			out.Items[i] = l
			some = some || l != nil
		}
		if !some {
			return nil, nil
		}
		return out, nil
	case nil:
		return nil, nil
	}
	if reflect.DeepEqual(had, kept) {
		return nil, nil
	}
	return whole()
}

// restore puts lost values back into v where v holds nothing in their place; an array whose
// length changed since (items added or removed through the other version) no longer lines up,
// and what its items lost stays lost.
func restore(v any, lost *lostValue) error {
	switch {
	case lost.Fields != nil:
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for name, l := range lost.Fields {
			if l == nil {
				continue
			}
			cur, present := m[name]
			if l.Value != nil {
				if !present || cur == nil {
					var x any
					if err := json.Unmarshal(l.Value, &x); err != nil {
						return err
					}
					m[name] = x
				}
				continue
			}
			if present {
				if err := restore(cur, l); err != nil {
					return err
				}
			}
		}
	case lost.Items != nil:
		a, ok := v.([]any)
		if !ok || len(a) != len(lost.Items) {
			return nil
		}
		for i, l := range lost.Items {
			if l == nil {
				continue
			}
			if l.Value != nil {
				continue // an item the other version holds, with a different value: the user's
			}
			if err := restore(a[i], l); err != nil {
				return err
			}
		}
	}
	return nil
}

// specAndStatus is the JSON of an object's spec and status.
func specAndStatus(obj any) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var whole map[string]any
	if err := json.Unmarshal(data, &whole); err != nil {
		return nil, err
	}
	out := make(map[string]any, 2)
	for _, k := range []string{"spec", "status"} {
		if v, ok := whole[k]; ok {
			out[k] = v
		}
	}
	return out, nil
}

func specDigest(obj any) (string, error) {
	s, err := specAndStatus(obj)
	if err != nil {
		return "", err
	}
	data, err := json.Marshal(s["spec"])
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]), nil
}

// DropRetainedValues removes what RetainValues recorded: for a conversion the operator makes
// for itself (to talk to Azure at the version the user wrote), not one a user writes back.
func DropRetainedValues(obj client.Object) { setAnnotation(obj, RetainedValuesAnnotation, "") }

// setAnnotation sets (or, with an empty value, removes) an annotation, in a copy of the map:
// converted objects may share theirs with the object they came from.
func setAnnotation(obj client.Object, key, value string) {
	old := obj.GetAnnotations()
	if _, ok := old[key]; !ok && value == "" {
		return
	}
	a := make(map[string]string, len(old)+1)
	for k, v := range old {
		a[k] = v
	}
	if value == "" {
		delete(a, key)
	} else {
		a[key] = value
	}
	if len(a) == 0 {
		a = nil
	}
	obj.SetAnnotations(a)
}

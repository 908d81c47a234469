package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"sigs.k8s.io/yaml"
)

// YAML renders the objects as one multi-document YAML stream, each document headed by a comment
// with the ARM ID it was imported from: apiVersion, kind, metadata (name, namespace when set,
// annotations) and spec; never status.
func (r *Result) YAML() ([]byte, error) {
	var b bytes.Buffer
	for i, o := range r.Objects {
		doc, err := document(o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.ID, err)
		}
		if i > 0 {
			b.WriteString("---\n")
		}
		fmt.Fprintf(&b, "# %s\n", o.ID)
		b.Write(doc)
	}
	return b.Bytes(), nil
}

func document(o Object) ([]byte, error) {
	obj := o.Object
	meta := map[string]any{"name": obj.GetName()}
	if ns := obj.GetNamespace(); ns != "" {
		meta["namespace"] = ns
	}
	if a := obj.GetAnnotations(); len(a) > 0 {
		meta["annotations"] = a
	}
	spec, err := json.Marshal(reflect.ValueOf(obj).Elem().FieldByName("Spec").Interface())
	if err != nil {
		return nil, err
	}
	return yaml.Marshal(map[string]any{
		"apiVersion": o.Kind.GVK.GroupVersion().String(),
		"kind":       o.Kind.GVK.Kind,
		"metadata":   meta,
		"spec":       json.RawMessage(spec),
	})
}

package crdcheck

import (
	"errors"
	"fmt"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"
)

// ObjectError lists every problem found in one custom resource.
type ObjectError struct {
	GVK       schema.GroupVersionKind
	Namespace string
	Name      string
	Errs      field.ErrorList
}

func (e *ObjectError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s) is invalid:", e.GVK.Kind, e.objectName(), e.GVK.GroupVersion())
	for _, fe := range e.Errs {
		b.WriteString("\n  ")
		b.WriteString(fe.Error())
	}
	return b.String()
}

func (e *ObjectError) objectName() string {
	if e.Namespace == "" {
		return e.Name
	}
	return e.Namespace + "/" + e.Name
}

// ValidateObject checks obj against the given version of crd as the API server checks a new
// object, returning an *ObjectError listing every problem, or nil.
func ValidateObject(crd *apiextv1.CustomResourceDefinition, version string, obj map[string]any) error {
	v, err := NewObjectValidator(crd, version)
	if err != nil {
		return err
	}
	return v.Check(obj)
}

// Check is Validate returning an *ObjectError, or nil when obj is acceptable.
func (v *ObjectValidator) Check(obj map[string]any) error {
	errs := v.Validate(obj)
	if len(errs) == 0 {
		return nil
	}
	e := &ObjectError{GVK: v.gvk, Errs: errs}
	if md, ok := obj["metadata"].(map[string]any); ok {
		e.Name, _ = md["name"].(string)
		e.Namespace, _ = md["namespace"].(string)
	}
	return e
}

// ValidateYAML checks every custom resource in a YAML stream against the CRD among crds that
// serves its group, kind and version, as `kubectl create -f` would have the API server do.
// The error names the document of each problem.
func ValidateYAML(crds []*apiextv1.CustomResourceDefinition, data []byte) error {
	var all []error
	err := eachDocument(data, func(i int, doc []byte) error {
		obj, err := ParseObject(doc)
		if err != nil {
			return err
		}
		gv, err := schema.ParseGroupVersion(stringField(obj, "apiVersion"))
		if err != nil {
			return err
		}
		crd := Find(crds, gv.WithKind(stringField(obj, "kind")).GroupKind())
		if crd == nil {
			return fmt.Errorf("no CRD for %s %s", stringField(obj, "apiVersion"), stringField(obj, "kind"))
		}
		if err := ValidateObject(crd, gv.Version, obj); err != nil {
			all = append(all, fmt.Errorf("document %d: %w", i, err))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return errors.Join(all...)
}

// ParseObject decodes one YAML or JSON object as the API server decodes a request body.
func ParseObject(doc []byte) (map[string]any, error) {
	data, err := yaml.YAMLToJSON(doc)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := utiljson.Unmarshal(data, &obj); err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, fmt.Errorf("not an object")
	}
	return obj, nil
}

// Find returns the CRD of a group and kind, or nil.
func Find(crds []*apiextv1.CustomResourceDefinition, gk schema.GroupKind) *apiextv1.CustomResourceDefinition {
	for _, c := range crds {
		if c.Spec.Group == gk.Group && c.Spec.Names.Kind == gk.Kind {
			return c
		}
	}
	return nil
}

func stringField(obj map[string]any, key string) string {
	s, _ := obj[key].(string)
	return s
}

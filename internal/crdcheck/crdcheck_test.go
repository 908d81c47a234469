package crdcheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// widgetCRD is a small CRD touching every check: required fields, a default, a pattern, a
// length limit, an enum, a map, a CEL rule and a status subresource.
const widgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          apiVersion: {type: string}
          kind: {type: string}
          metadata: {type: object}
          spec:
            type: object
            required: [name]
            x-kubernetes-validations:
            - rule: self.size <= 10
              message: size must be at most 10
            properties:
              name: {type: string, pattern: '^[a-z]+$', maxLength: 8}
              size: {type: integer, minimum: 1, default: 3}
              colour: {type: string, enum: [red, green]}
              tags: {type: object, additionalProperties: {type: string}}
          status:
            type: object
            properties:
              ready: {type: boolean}
`

func widget(t *testing.T) *apiextv1.CustomResourceDefinition {
	t.Helper()
	crds, err := Decode("widget", []byte(widgetCRD))
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 1 {
		t.Fatalf("decoded %d CRDs, want 1", len(crds))
	}
	return crds[0]
}

// specProps gives a test the spec properties of the widget CRD to break.
func specProps(crd *apiextv1.CustomResourceDefinition) map[string]apiextv1.JSONSchemaProps {
	return crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties
}

func TestValidateAcceptsWidget(t *testing.T) {
	if errs := Validate(widget(t)); len(errs) > 0 {
		t.Fatalf("valid CRD rejected:\n%v", errs.ToAggregate())
	}
}

func TestValidateRejects(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*apiextv1.CustomResourceDefinition)
		want   string
	}{{
		// The core of structural schemas: every field has a type.
		name: "property without a type",
		mutate: func(c *apiextv1.CustomResourceDefinition) {
			specProps(c)["size"] = apiextv1.JSONSchemaProps{Minimum: ptr(1.0)}
		},
		want: "must not be empty for specified object fields",
	}, {
		// Value validations may not declare types: only the structural part does.
		name: "type inside anyOf",
		mutate: func(c *apiextv1.CustomResourceDefinition) {
			p := specProps(c)["name"]
			p.AnyOf = []apiextv1.JSONSchemaProps{{Type: "integer"}}
			specProps(c)["name"] = p
		},
		want: "anyOf[0].type: Forbidden",
	}, {
		name: "default violating its schema",
		mutate: func(c *apiextv1.CustomResourceDefinition) {
			p := specProps(c)["size"]
			p.Default = &apiextv1.JSON{Raw: []byte(`0`)}
			specProps(c)["size"] = p
		},
		want: "should be greater than or equal to 1",
	}, {
		name:   "name not plural.group",
		mutate: func(c *apiextv1.CustomResourceDefinition) { c.Name = "widget.example.com" },
		want:   `must be spec.names.plural+"."+spec.group`,
	}, {
		name:   "no storage version",
		mutate: func(c *apiextv1.CustomResourceDefinition) { c.Spec.Versions[0].Storage = false },
		want:   "must have exactly one version marked as storage version",
	}, {
		name: "invalid CEL rule",
		mutate: func(c *apiextv1.CustomResourceDefinition) {
			p := c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
			p.XValidations[0].Rule = "self.nosuchfield > 1"
			c.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"] = p
		},
		want: "compilation failed",
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			crd := widget(t)
			tc.mutate(crd)
			errs := Validate(crd)
			if len(errs) == 0 {
				t.Fatal("accepted")
			}
			if got := errs.ToAggregate().Error(); !strings.Contains(got, tc.want) {
				t.Errorf("errors do not mention %q:\n%s", tc.want, got)
			}
		})
	}
}

// TestStructuralCheckedDirectly makes sure our own structural check (which Validate falls back
// on, and which ObjectValidator builds on) really refuses a non-structural schema, not only the
// API server's validation.
func TestStructuralCheckedDirectly(t *testing.T) {
	crd := widget(t)
	if _, err := Structural(crd, "v1"); err != nil {
		t.Fatalf("structural schema refused: %v", err)
	}
	if errs := structuralErrors(crd); len(errs) > 0 {
		t.Fatalf("structural schema refused: %v", errs.ToAggregate())
	}
	specProps(crd)["size"] = apiextv1.JSONSchemaProps{}
	if _, err := Structural(crd, "v1"); err == nil || !strings.Contains(err.Error(), "not structural") {
		t.Errorf("Structural = %v, want a not-structural error", err)
	}
	if errs := structuralErrors(crd); len(errs) == 0 {
		t.Error("structuralErrors accepted a property without a type")
	}
	if _, err := NewObjectValidator(crd, "v1"); err == nil {
		t.Error("NewObjectValidator accepted a non-structural schema")
	}
}

func TestValidateDoesNotChangeInput(t *testing.T) {
	crd := widget(t)
	before := crd.DeepCopy()
	Validate(crd)
	if crd.Spec.Conversion != nil || !equalJSON(t, before, crd) {
		t.Error("Validate changed its argument")
	}
}

func TestValidateObject(t *testing.T) {
	v, err := NewObjectValidator(widget(t), "v1")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		obj  string
		want []string // each must appear in the error; none means the object is valid
	}{
		{name: "valid", obj: `spec: {name: abc, size: 2, colour: red, tags: {a: b}}`},
		{name: "default fills size", obj: `spec: {name: abc}`},
		// The server drops the status of a new object after decoding it: status values are not
		// validated, but unknown status fields are still refused by strict decoding.
		{name: "status is the server's on create", obj: "spec: {name: abc}\nstatus: {ready: 5}"},
		{name: "unknown status field", obj: "spec: {name: abc}\nstatus: {bogus: 1}", want: []string{"status.bogus: Invalid value: unknown field"}},
		{name: "wrong type", obj: `spec: {name: abc, size: "2"}`, want: []string{`spec.size: Invalid value: "string": spec.size in body must be of type integer`}},
		{name: "unknown field", obj: `spec: {name: abc, nmae: abc}`, want: []string{"spec.nmae: Invalid value: unknown field"}},
		{name: "unknown top-level field", obj: "spec: {name: abc}\nextra: 1", want: []string{"extra: Invalid value: unknown field"}},
		{name: "pattern", obj: `spec: {name: ABC}`, want: []string{"spec.name: Invalid value", "should match '^[a-z]+$'"}},
		{name: "too long", obj: `spec: {name: abcdefghij}`, want: []string{"spec.name: Too long"}},
		{name: "enum", obj: `spec: {name: abc, colour: blue}`, want: []string{`spec.colour: Unsupported value: "blue"`, `"red"`}},
		{name: "missing required", obj: `spec: {size: 2}`, want: []string{"spec.name: Required value"}},
		{name: "minimum", obj: `spec: {name: abc, size: 0}`, want: []string{"spec.size: Invalid value: 0"}},
		{name: "CEL rule", obj: `spec: {name: abc, size: 11}`, want: []string{"spec: Invalid value", "size must be at most 10"}},
		{name: "map value type", obj: `spec: {name: abc, tags: {a: 1}}`, want: []string{"spec.tags.a: Invalid value"}},
		{name: "several problems at once", obj: `spec: {name: ABC, colour: blue, nope: 1}`, want: []string{"spec.name", "spec.colour", "spec.nope"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			obj, err := ParseObject([]byte("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\n" + tc.obj))
			if err != nil {
				t.Fatal(err)
			}
			err = v.Check(obj)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestValidateObjectMetaAndTypeMeta(t *testing.T) {
	crd := widget(t)
	cases := []struct {
		name string
		obj  map[string]any
		want string
	}{
		{"wrong kind", map[string]any{"apiVersion": "example.com/v1", "kind": "Gadget", "metadata": map[string]any{"name": "w"}}, "kind: Invalid value"},
		{"wrong version", map[string]any{"apiVersion": "example.com/v2", "kind": "Widget", "metadata": map[string]any{"name": "w"}}, "apiVersion: Invalid value"},
		{"bad name", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "W_1"}, "spec": map[string]any{"name": "a"}}, "metadata.name: Invalid value"},
		{"unknown metadata field", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w", "lables": map[string]any{}}, "spec": map[string]any{"name": "a"}}, "metadata.lables"},
		// Go ints are fine: objects are normalised through JSON like a request body.
		{"go int", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w"}, "spec": map[string]any{"name": "a", "size": 2}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateObject(crd, "v1", tc.obj)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case tc.want != "" && err == nil:
				t.Fatal("accepted")
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("error does not mention %q:\n%v", tc.want, err)
			}
		})
	}
	if err := ValidateObject(crd, "v9", nil); err == nil {
		t.Error("accepted a version the CRD does not have")
	}
}

func TestObjectErrorType(t *testing.T) {
	err := ValidateObject(widget(t), "v1", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w", "namespace": "ns"}, "spec": map[string]any{}})
	oe, ok := err.(*ObjectError)
	if !ok {
		t.Fatalf("got %T %v, want *ObjectError", err, err)
	}
	if oe.Name != "w" || oe.Namespace != "ns" || len(oe.Errs) == 0 || oe.Errs[0].Type != field.ErrorTypeRequired {
		t.Errorf("unexpected error: %#v", oe)
	}
	if !strings.HasPrefix(oe.Error(), "Widget ns/w (example.com/v1) is invalid:\n  spec.name: Required value") {
		t.Errorf("message: %s", oe.Error())
	}
	// With a required field missing the server does not run CEL rules, and says so.
	if !strings.Contains(oe.Error(), "CEL rules not checked") {
		t.Errorf("message: %s", oe.Error())
	}
}

func TestValidateYAML(t *testing.T) {
	crds := []*apiextv1.CustomResourceDefinition{widget(t)}
	good := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {name: a}\n"
	bad := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: b}\nspec: {name: B}\n"
	if err := ValidateYAML(crds, []byte("---\n"+good+"---\n# only a comment\n---\n"+good)); err != nil {
		t.Errorf("rejected: %v", err)
	}
	err := ValidateYAML(crds, []byte(good+"---\n"+bad))
	if err == nil || !strings.Contains(err.Error(), "document 2: Widget default/b") && !strings.Contains(err.Error(), "document 2: Widget b") {
		t.Errorf("want an error for document 2, got %v", err)
	}
	if err := ValidateYAML(crds, []byte("apiVersion: example.com/v1\nkind: Gizmo\nmetadata: {name: a}\n")); err == nil || !strings.Contains(err.Error(), "no CRD for") {
		t.Errorf("want a missing-CRD error, got %v", err)
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	second := strings.ReplaceAll(strings.ReplaceAll(widgetCRD, "widget", "gadget"), "Widget", "Gadget")
	write(t, filepath.Join(dir, "a.yaml"), "# two CRDs\n---\n"+widgetCRD+"---\n"+second+"---\n")
	write(t, filepath.Join(dir, "b.yml"), "not: read") // only *.yaml counts
	crds, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 2 || crds[0].Name != "widgets.example.com" || crds[1].Name != "gadgets.example.com" {
		t.Fatalf("loaded %d CRDs", len(crds))
	}
	for _, bad := range []struct{ content, want string }{
		{"apiVersion: v1\nkind: ConfigMap\n", "c.yaml: document 1: holds \"v1\" \"ConfigMap\""},
		{widgetCRD + "---\n" + strings.Replace(widgetCRD, "scope:", "scopes:", 1), `c.yaml: document 2: error unmarshaling JSON: while decoding JSON: json: unknown field "scopes"`},
		{"a: [", "c.yaml: document 1:"},
	} {
		write(t, filepath.Join(dir, "c.yaml"), bad.content)
		if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("LoadDir error = %v, want it to contain %q", err, bad.want)
		}
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

package crdcheck

import (
	"context"
	"encoding/json"
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// DefaultNamespace is the namespace a namespaced object without one is created in, as kubectl
// fills in the namespace of its context before the API server validates the object.
const DefaultNamespace = "default"

// ObjectValidator checks custom resources of one version of a CRD. Building the validators of a
// large schema takes a while, so make one per version and reuse it for many objects.
type ObjectValidator struct {
	gvk        schema.GroupVersionKind
	namespaced bool
	// statusSubresource: the API server ignores the status of a new object when status is a
	// subresource, so it is neither checked nor allowed to fail a create.
	statusSubresource bool
	structural        *structuralschema.Structural
	schema            apiservervalidation.SchemaValidator
	cel               *cel.Validator
}

// NewObjectValidator prepares to check objects of one served version of crd, building the same
// structural schema (defaults pruned), OpenAPI validator and CEL validator the API server builds
// to serve that version.
func NewObjectValidator(crd *apiextv1.CustomResourceDefinition, version string) (*ObjectValidator, error) {
	v, err := findVersion(crd, version)
	if err != nil {
		return nil, err
	}
	if !v.Served {
		return nil, fmt.Errorf("%s does not serve version %s", crd.Name, version)
	}
	ss, err := Structural(crd, version)
	if err != nil {
		return nil, err
	}
	ss = ss.DeepCopy()
	if err := structuraldefaulting.PruneDefaults(ss); err != nil {
		return nil, fmt.Errorf("%s version %s: pruning defaults: %w", crd.Name, version, err)
	}
	internal, err := internalValidation(v.Schema)
	if err != nil {
		return nil, err
	}
	sv, _, err := apiservervalidation.NewSchemaValidator(internal.OpenAPIV3Schema)
	if err != nil {
		return nil, fmt.Errorf("%s version %s: building the schema validator: %w", crd.Name, version, err)
	}
	return &ObjectValidator{
		gvk:               schema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind},
		namespaced:        crd.Spec.Scope == apiextv1.NamespaceScoped,
		statusSubresource: v.Subresources != nil && v.Subresources.Status != nil,
		structural:        ss,
		schema:            sv,
		cel:               cel.NewValidator(ss, true, celconfig.PerCallLimit),
	}, nil
}

// GroupVersionKind is the kind of object the validator checks.
func (v *ObjectValidator) GroupVersionKind() schema.GroupVersionKind { return v.gvk }

// Validate returns every problem the API server would find creating obj, in the order the
// server goes: decoding (unknown fields, which strict field validation rejects, and malformed
// metadata), defaulting, then validation of metadata, the schema, list types and CEL rules.
// The server stops at the first step that fails; Validate goes on where it can, so one run
// lists every problem. obj must be what JSON decodes to; it is not changed.
func (v *ObjectValidator) Validate(obj map[string]any) field.ErrorList {
	u, err := normalise(obj)
	if err != nil {
		return field.ErrorList{field.Invalid(nil, field.OmitValueType{}, err.Error())}
	}
	if errs := v.validateTypeMeta(u); len(errs) > 0 {
		// The server would not even pick this CRD's schema for the object.
		return errs
	}
	errs := v.decode(u)
	structuraldefaulting.Default(u, v.structural)
	if v.statusSubresource {
		delete(u, "status")
	}
	uo := &unstructured.Unstructured{Object: u}
	if v.namespaced && uo.GetNamespace() == "" {
		uo.SetNamespace(DefaultNamespace)
	}
	errs = append(errs, metavalidation.ValidateObjectMetaAccessor(uo, v.namespaced, metavalidation.NameIsDNSSubdomain, field.NewPath("metadata"))...)
	errs = append(errs, apiservervalidation.ValidateCustomResource(nil, u, v.schema)...)
	errs = append(errs, schemaobjectmeta.Validate(nil, u, v.structural, false)...)
	errs = append(errs, structurallisttype.ValidateListSetsAndMaps(nil, v.structural, u)...)
	if v.cel != nil {
		if blocking(errs) {
			errs = append(errs, field.Invalid(nil, field.OmitValueType{}, "CEL rules not checked: the API server skips them on an object with type or required-field errors"))
		} else {
			celErrs, _ := v.cel.Validate(context.Background(), nil, v.structural, u, nil, celconfig.RuntimeCELCostBudget)
			errs = append(errs, celErrs...)
		}
	}
	return errs
}

// validateTypeMeta checks that obj is of the validator's kind and version.
func (v *ObjectValidator) validateTypeMeta(u map[string]any) field.ErrorList {
	var errs field.ErrorList
	if got, _ := u["apiVersion"].(string); got != v.gvk.GroupVersion().String() {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), u["apiVersion"], "must be "+v.gvk.GroupVersion().String()))
	}
	if got, _ := u["kind"].(string); got != v.gvk.Kind {
		errs = append(errs, field.Invalid(field.NewPath("kind"), u["kind"], "must be "+v.gvk.Kind))
	}
	return errs
}

// decode does what the API server's decoder does to a custom resource beyond JSON parsing:
// read ObjectMeta, prune fields the schema does not know, drop nulls the schema does not allow,
// and coerce embedded metadata. Each pruned field is an error, as kubectl's default strict
// field validation makes it; silently dropped input is almost always a schema bug or a typo.
func (v *ObjectValidator) decode(u map[string]any) field.ErrorList {
	var errs field.ErrorList
	meta, found, unknownMeta, err := schemaobjectmeta.GetObjectMetaWithOptions(u, schemaobjectmeta.ObjectMetaOptions{ReturnUnknownFieldPaths: true})
	if err != nil {
		errs = append(errs, field.Invalid(field.NewPath("metadata"), u["metadata"], err.Error()))
	}
	unknown := append([]string(nil), unknownMeta...)
	unknown = append(unknown, structuralpruning.PruneWithOptions(u, v.structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})...)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u, v.structural)
	ferr, coerced := schemaobjectmeta.CoerceWithOptions(nil, u, v.structural, false, schemaobjectmeta.CoerceOptions{ReturnUnknownFieldPaths: true})
	if ferr != nil {
		errs = append(errs, ferr)
	}
	unknown = append(unknown, coerced...)
	for _, p := range unknown {
		errs = append(errs, field.Invalid(field.NewPath(p), field.OmitValueType{}, "unknown field: not in the schema, so the API server drops it (strict field validation rejects the object)"))
	}
	if found && err == nil {
		if err := schemaobjectmeta.SetObjectMeta(u, meta); err != nil {
			errs = append(errs, field.Invalid(field.NewPath("metadata"), nil, err.Error()))
		}
	}
	return errs
}

// blocking reports whether errs hold a kind of error after which the API server does not run
// CEL rules, as they could fail on values of the wrong shape.
func blocking(errs field.ErrorList) bool {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true
		}
	}
	return false
}

// normalise copies obj through JSON, so it holds exactly what the API server decodes from a
// request: whole numbers as int64, other numbers as float64, no Go-specific types.
func normalise(obj map[string]any) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("the object is not JSON: %w", err)
	}
	var out map[string]any
	if err := utiljson.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("the object is not JSON: %w", err)
	}
	return out, nil
}

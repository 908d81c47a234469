package crdcheck

import (
	"context"
	"encoding/json"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// scheme knows the apiextensions types with their defaulting and conversion functions, as the
// API server registers them; Validate defaults and converts through it exactly as a request would.
var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// MaxObjectBytes is the largest object etcd stores with its default --max-request-bytes
// (1.5 MiB). The API server accepts larger requests (up to 3 MiB) and then fails to store them,
// so a CRD with many big versions can pass every schema check and still not be creatable.
const MaxObjectBytes = 3 << 19

// Validate returns every problem the API server would report when creating crd: the object is
// defaulted and converted to the internal version as on decode, prepared as the CRD registry
// prepares a new object (status reset, stored version recorded), and validated with
// validation.ValidateCustomResourceDefinition, which includes the structural-schema, default
// and CEL checks. crd itself is not changed.
func Validate(crd *apiextv1.CustomResourceDefinition) field.ErrorList {
	in := crd.DeepCopy()
	scheme.Default(in)
	var internal apiextensions.CustomResourceDefinition
	if err := scheme.Convert(in, &internal, nil); err != nil {
		return field.ErrorList{field.InternalError(nil, fmt.Errorf("converting to the internal version: %w", err))}
	}
	prepareForCreate(&internal)
	errs := validation.ValidateCustomResourceDefinition(context.Background(), &internal)
	if len(errs) == 0 {
		// The API server only reports structural-schema errors it meets while building the
		// schema when nothing else is wrong; check every version directly too, so a gap in that
		// ordering can never let a non-structural schema through unnoticed.
		errs = append(errs, structuralErrors(in)...)
	}
	if data, err := json.Marshal(in); err != nil {
		errs = append(errs, field.InternalError(nil, err))
	} else if len(data) > MaxObjectBytes {
		errs = append(errs, field.TooLong(field.NewPath(""), len(data), MaxObjectBytes))
	}
	return errs
}

// prepareForCreate does what the CRD registry strategy does to a new object before validating
// it: the status is the server's, and the storage version becomes the first stored version.
func prepareForCreate(crd *apiextensions.CustomResourceDefinition) {
	crd.Status = apiextensions.CustomResourceDefinitionStatus{}
	crd.Generation = 1
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			break
		}
	}
}

// structuralErrors checks that each version's schema is structural, the way the API server
// builds it to serve the version: converted on its own, then made structural and validated.
func structuralErrors(crd *apiextv1.CustomResourceDefinition) field.ErrorList {
	var errs field.ErrorList
	for i, v := range crd.Spec.Versions {
		path := field.NewPath("spec", "versions").Index(i).Child("schema", "openAPIV3Schema")
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			errs = append(errs, field.Required(path, "every version needs a schema"))
			continue
		}
		ss, err := structuralFor(v.Schema)
		if err != nil {
			errs = append(errs, field.Invalid(path, "", err.Error()))
			continue
		}
		errs = append(errs, structuralschema.ValidateStructural(path, ss)...)
	}
	return errs
}

// Structural returns the structural schema of one version of crd, as the API server builds it
// for pruning, defaulting and validating custom resources of that version.
func Structural(crd *apiextv1.CustomResourceDefinition, version string) (*structuralschema.Structural, error) {
	v, err := findVersion(crd, version)
	if err != nil {
		return nil, err
	}
	if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return nil, fmt.Errorf("%s version %s has no schema", crd.Name, version)
	}
	ss, err := structuralFor(v.Schema)
	if err != nil {
		return nil, fmt.Errorf("%s version %s: %w", crd.Name, version, err)
	}
	if errs := structuralschema.ValidateStructural(nil, ss); len(errs) > 0 {
		return nil, fmt.Errorf("%s version %s: schema is not structural: %w", crd.Name, version, errs.ToAggregate())
	}
	return ss, nil
}

func structuralFor(v *apiextv1.CustomResourceValidation) (*structuralschema.Structural, error) {
	internal, err := internalValidation(v)
	if err != nil {
		return nil, err
	}
	return structuralschema.NewStructural(internal.OpenAPIV3Schema)
}

func internalValidation(v *apiextv1.CustomResourceValidation) (*apiextensions.CustomResourceValidation, error) {
	var out apiextensions.CustomResourceValidation
	if err := apiextv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(v, &out, nil); err != nil {
		return nil, fmt.Errorf("converting the schema to the internal version: %w", err)
	}
	return &out, nil
}

func findVersion(crd *apiextv1.CustomResourceDefinition, version string) (*apiextv1.CustomResourceDefinitionVersion, error) {
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == version {
			return &crd.Spec.Versions[i], nil
		}
	}
	return nil, fmt.Errorf("%s has no version %q", crd.Name, version)
}

// Package controllertools runs sigs.k8s.io/controller-tools' CRD generator over Go packages, so
// tests can hold our directly emitted CRDs to what controller-gen would make of the same code.
package controllertools

import (
	"errors"
	"fmt"

	"golang.org/x/tools/go/packages"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-tools/pkg/crd"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"
)

// Session is loaded packages and a CRD parser over them.
type Session struct {
	Parser *crd.Parser
	Roots  []*loader.Package
}

// Load type-checks the packages matching patterns (go list syntax) and prepares a parser with
// the settings armgen's output needs (floats are allowed, as ARM uses them).
func Load(patterns ...string) (*Session, error) {
	roots, err := loader.LoadRoots(patterns...)
	if err != nil {
		return nil, err
	}
	reg := &markers.Registry{}
	if err := crdmarkers.Register(reg); err != nil {
		return nil, err
	}
	p := &crd.Parser{
		Collector:           &markers.Collector{Registry: reg},
		Checker:             &loader.TypeChecker{},
		AllowDangerousTypes: true,
	}
	crd.AddKnownTypes(p)
	for _, r := range roots {
		p.NeedPackage(r)
	}
	return &Session{Parser: p, Roots: roots}, nil
}

// errs collects what the loader and parser recorded on packages.
func (s *Session) errs() error {
	var all []error
	for _, r := range s.Roots {
		for _, e := range r.Errors {
			// controller-gen ignores type errors too: its checker skips what schemas do not need.
			if e.Kind == packages.TypeError {
				continue
			}
			all = append(all, e)
		}
	}
	return errors.Join(all...)
}

// CRDs generates a CRD for every kind in the loaded packages.
func (s *Session) CRDs() (map[schema.GroupKind]apiextv1.CustomResourceDefinition, error) {
	metav1 := crd.FindMetav1(s.Roots)
	if metav1 == nil {
		return nil, fmt.Errorf("no package imports metav1")
	}
	out := make(map[schema.GroupKind]apiextv1.CustomResourceDefinition)
	for _, gk := range crd.FindKubeKinds(s.Parser, metav1) {
		s.Parser.NeedCRDFor(gk, nil)
		out[gk] = s.Parser.CustomResourceDefinitions[gk]
	}
	return out, s.errs()
}

// FlattenedSchema returns the schema of one named type, with references resolved.
func (s *Session) FlattenedSchema(pkgPath, name string) (apiextv1.JSONSchemaProps, error) {
	for _, r := range s.Roots {
		if r.PkgPath == pkgPath {
			id := crd.TypeIdent{Package: r, Name: name}
			s.Parser.NeedFlattenedSchemaFor(id)
			if err := s.errs(); err != nil {
				return apiextv1.JSONSchemaProps{}, err
			}
			return s.Parser.FlattenedSchemata[id], nil
		}
	}
	return apiextv1.JSONSchemaProps{}, fmt.Errorf("package %s was not loaded", pkgPath)
}

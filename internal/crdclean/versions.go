package crdclean

import (
	"fmt"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Plan is what cleaning one CRD takes: the stored versions it no longer serves, and the version
// its objects are read and rewritten through.
type Plan struct {
	// CRD is the CRD's name (plural.group).
	CRD string
	// Stored is status.storedVersions as found.
	Stored []string
	// Drop holds the stored versions the CRD no longer serves (or no longer lists).
	Drop []string
	// Keep is what status.storedVersions becomes: Stored without Drop, with the storage version.
	Keep []string
	// Storage is the version the API server writes objects at (storage: true).
	Storage string
	// ReadAt is the served version the objects are listed and updated through: the storage
	// version when it is served, so that objects already stored at it need no conversion.
	ReadAt string
}

// PlanFor works out which stored versions of crd can go. A plan with no Drop needs nothing done.
// A CRD with no storage version, or with nothing served to read its objects through, cannot be
// cleaned: the error names the CRD.
func PlanFor(crd *apiextv1.CustomResourceDefinition) (Plan, error) {
	p := Plan{CRD: crd.Name, Stored: slices.Clone(crd.Status.StoredVersions)}
	served := map[string]bool{}
	var firstServed string
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			p.Storage = v.Name
		}
		if v.Served {
			served[v.Name] = true
			if firstServed == "" {
				firstServed = v.Name
			}
		}
	}
	if p.Storage == "" {
		return p, fmt.Errorf("CRD %s: no version has storage: true", crd.Name)
	}
	for _, v := range p.Stored {
		if served[v] {
			p.Keep = append(p.Keep, v)
		} else {
			p.Drop = append(p.Drop, v)
		}
	}
	// The API server refuses storedVersions without the storage version; objects rewritten
	// are stored at it, so it belongs there in any case.
	if !slices.Contains(p.Keep, p.Storage) && !slices.Contains(p.Drop, p.Storage) {
		p.Keep = append(p.Keep, p.Storage)
	}
	if slices.Contains(p.Drop, p.Storage) {
		// The storage version is not served: objects are still rewritten at it (the API
		// server always writes the storage version), so it stays stored.
		p.Drop = slices.DeleteFunc(p.Drop, func(v string) bool { return v == p.Storage })
		p.Keep = append(p.Keep, p.Storage)
	}
	switch {
	case served[p.Storage]:
		p.ReadAt = p.Storage
	case firstServed != "":
		p.ReadAt = firstServed
	case len(p.Drop) > 0:
		return p, fmt.Errorf("CRD %s serves no version, so its objects cannot be read to rewrite them at %s", crd.Name, p.Storage)
	}
	return p, nil
}

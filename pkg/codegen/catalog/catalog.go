// Package catalog lists the resources a spec root offers, across providers and api-versions,
// through the same index and discovery the generator uses, so that what it lists is exactly what
// azure-arm.yaml can name. It backs `gen list` and the existence checks of `gen add`.
package catalog

import (
	"slices"
	"time"
)

// Catalog is what a spec root offers.
type Catalog struct {
	Root string `json:"specRoot"`
	// Resources are sorted by group, kind and ARM type.
	Resources []*Resource `json:"resources"`
	// Problems are the api-versions whose swagger could not be read or understood; the rest of
	// the catalog is complete without them.
	Problems []Problem `json:"problems,omitempty"`
	// Files and Versions count the swagger files and group/api-version pairs read.
	Files    int           `json:"files"`
	Versions int           `json:"apiVersions"`
	Elapsed  time.Duration `json:"-"`
}

// Resource is one ARM resource type of a group, across its api-versions.
type Resource struct {
	Group    string `json:"group"`
	APIGroup string `json:"apiGroup"`
	Provider string `json:"provider"`
	Kind     string `json:"kind"`
	ARMType  string `json:"armType"`
	Scope    string `json:"scope"`
	// Versions are oldest first.
	Versions []Version `json:"versions"`
}

// Version is one api-version of a resource.
type Version struct {
	APIVersion string `json:"apiVersion"`
	// KubeVersion is the generated package's version (v1api20201101).
	KubeVersion string `json:"kubeVersion"`
	Stable      bool   `json:"stable"`
	// Kind is the kind in this version (the spelling of a path segment can change between versions).
	Kind  string `json:"kind"`
	Scope string `json:"scope"`
	// File is the swagger file (relative to the spec root) and Path the PUT path in it.
	File string `json:"file"`
	Path string `json:"path"`
	// Exported says whether azure-arm.yaml exports the resource in this version; ExportedAs is
	// its kind when the config renames it.
	Exported   bool   `json:"exported"`
	ExportedAs string `json:"exportedAs,omitempty"`

	provider, armType string
}

// Problem is an api-version that could not be read.
type Problem struct {
	Group      string `json:"group"`
	Provider   string `json:"provider"`
	APIVersion string `json:"apiVersion"`
	Error      string `json:"error"`
}

// Newest returns the newest stable version, else the newest preview.
func (r *Resource) Newest() Version {
	for i := len(r.Versions) - 1; i >= 0; i-- {
		if r.Versions[i].Stable {
			return r.Versions[i]
		}
	}
	return r.Versions[len(r.Versions)-1]
}

// Exported lists the api-versions azure-arm.yaml exports.
func (r *Resource) Exported() []string {
	var out []string
	for _, v := range r.Versions {
		if v.Exported {
			out = append(out, v.APIVersion)
		}
	}
	return out
}

// Find returns a group's resource of the given kind in an api-version, if it has one.
func (c *Catalog) Find(group, apiVersion, kind string) (*Resource, bool) {
	for _, r := range c.Resources {
		if r.Group != group {
			continue
		}
		for _, v := range r.Versions {
			if v.APIVersion == apiVersion && v.Kind == kind {
				return r, true
			}
		}
	}
	return nil, false
}

// Kinds lists the kinds of a group's api-version, sorted.
func (c *Catalog) Kinds(group, apiVersion string) []string {
	var out []string
	for _, r := range c.Resources {
		for _, v := range r.Versions {
			if r.Group == group && v.APIVersion == apiVersion {
				out = append(out, v.Kind)
			}
		}
	}
	slices.Sort(out)
	return out
}

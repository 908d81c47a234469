package loader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Resource is an ARM resource found from a PUT path.
type Resource struct {
	Group      string
	APIVersion string
	Namespace  string
	Stable     bool
	// ARMType is Microsoft.X/type[/subtype...].
	ARMType string
	// Segments are the type segments after the namespace.
	Segments []string
	// Kind is the Kubernetes kind by the naming rule, before any configured rename.
	Kind  string
	Scope astmodel.Scope
	// Path is the PUT path template, File the swagger file holding it (relative to the root).
	Path string
	File string
	// NameParameter is the resolved parameter of the resource's name; nil for a singleton.
	NameParameter *spec.Parameter
	// FixedName is the literal name of a singleton declared without a name parameter.
	FixedName string
	// Body is the PUT body schema; Response the GET 200 schema (Body when there is no GET).
	Body     SchemaRef
	Response SchemaRef
	// NoDelete says the path declares no DELETE: Azure refuses one (405) and removes the
	// resource only with its parent.
	NoDelete bool
}

// ParentARMType is the ARM type of the parent resource, "" at the top.
func (r *Resource) ParentARMType() string {
	if len(r.Segments) < 2 {
		return ""
	}
	return r.Namespace + "/" + strings.Join(r.Segments[:len(r.Segments)-1], "/")
}

// SchemaRef is a schema and where it was written.
type SchemaRef struct {
	Doc     *Document
	Pointer string
	Schema  *spec.Schema
}

// Skipped is a PUT path that does not make a resource, and why.
type Skipped struct {
	File, Path, Reason string
	// ARMType is the resource type the path would have had, when it can be told.
	ARMType string
	// Duplicate marks a path declaring a resource type that is generated from another path of
	// the same version (the type is declared at several scopes): not a loss, just an alias.
	Duplicate bool
}

// Catalogue is what discovery found in a set of documents.
type Catalogue struct {
	Resources []*Resource
	Skipped   []Skipped
}

// Discover finds the resources declared by PUT operations in docs, one per ARM type (when a type
// is declared at several scopes, the narrowest scope wins and the others are listed as duplicates).
func Discover(c *Corpus, group, apiVersion string, stable bool, docs []*Document) (*Catalogue, error) {
	cat := &Catalogue{}
	byType := make(map[string]*Resource)
	for _, doc := range docs {
		for _, p := range doc.PathNames() {
			if !doc.MayHaveOperation(p, "put") {
				continue
			}
			ops, err := doc.ResourceOperations(p)
			if err != nil {
				return nil, err
			}
			if !ops.HasPut {
				continue
			}
			found, skip, err := resourcesFromPath(c, doc, p, ops)
			if err != nil {
				return nil, err
			}
			if skip != nil {
				cat.Skipped = append(cat.Skipped, *skip)
				continue
			}
			for _, r := range found {
				r.Group, r.APIVersion, r.Stable = group, apiVersion, stable
				key := strings.ToLower(r.ARMType)
				if prev, ok := byType[key]; ok {
					keep, drop := prev, r
					if preferred(r, prev) {
						keep, drop = r, prev
					}
					byType[key] = keep
					cat.Skipped = append(cat.Skipped, Skipped{File: drop.File, Path: drop.Path, ARMType: drop.ARMType, Duplicate: true,
						Reason: fmt.Sprintf("declared at several scopes: generated from %s (%s scope)", keep.Path, keep.Scope)})
					continue
				}
				byType[key] = r
			}
		}
	}
	for _, r := range byType {
		cat.Resources = append(cat.Resources, r)
	}
	slices.SortFunc(cat.Resources, func(a, b *Resource) int { return strings.Compare(a.ARMType, b.ARMType) })
	slices.SortFunc(cat.Skipped, func(a, b Skipped) int {
		return strings.Compare(a.File+"\x00"+a.Path+"\x00"+a.ARMType, b.File+"\x00"+b.Path+"\x00"+b.ARMType)
	})
	return cat, nil
}

// preferred picks between two declarations of one type: the narrower scope, then a named path
// over a fixed-name one, then the first in file order.
func preferred(a, b *Resource) bool {
	if ra, rb := scopeRank(a.Scope), scopeRank(b.Scope); ra != rb {
		return ra < rb
	}
	if (a.FixedName == "") != (b.FixedName == "") {
		return a.FixedName == ""
	}
	return a.File+a.Path < b.File+b.Path
}

func scopeRank(s astmodel.Scope) int {
	return slices.Index([]astmodel.Scope{astmodel.ScopeResourceGroup, astmodel.ScopeSubscription,
		astmodel.ScopeManagementGroup, astmodel.ScopeTenant, astmodel.ScopeExtension}, s)
}

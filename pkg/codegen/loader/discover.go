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
	// Alternatives are the other declarations of the ARM type in the same version, at other
	// scopes (a diagnostic setting of a subscription beside that of any resource), preferred
	// first; nil when the type is declared once. They have no alternatives of their own.
	Alternatives []*Resource
	// NoDelete says the path declares no DELETE: Azure refuses one (405) and removes the
	// resource only with its parent.
	NoDelete bool
}

// WithoutSwagger returns a copy of r that keeps what names and places the resource but not the
// schemas of its body and response (nor those of its alternatives): they point into the loaded
// documents, which the copy then no longer keeps alive.
func (r *Resource) WithoutSwagger() *Resource {
	c := *r
	c.Body, c.Response = SchemaRef{}, SchemaRef{}
	if r.Alternatives != nil {
		c.Alternatives = make([]*Resource, len(r.Alternatives))
		for i, a := range r.Alternatives {
			c.Alternatives[i] = a.WithoutSwagger()
		}
	}
	return &c
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

// Discover finds the resources declared by PUT operations in docs, one per ARM type. When a type
// is declared at several scopes, the narrowest scope wins, the others are listed as duplicates
// and kept in the winner's Alternatives, for a kind configured at another scope ($scope).
func Discover(c *Corpus, group, apiVersion string, stable bool, docs []*Document) (*Catalogue, error) {
	cat := &Catalogue{}
	byType := make(map[string][]*Resource)
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
				byType[key] = append(byType[key], r)
			}
		}
	}
	for _, decls := range byType {
		slices.SortStableFunc(decls, func(a, b *Resource) int {
			switch {
			case preferred(a, b):
				return -1
			case preferred(b, a):
				return 1
			}
			return 0
		})
		keep := decls[0]
		if len(decls) > 1 {
			keep.Alternatives = decls[1:]
		}
		for _, drop := range decls[1:] {
			cat.Skipped = append(cat.Skipped, Skipped{File: drop.File, Path: drop.Path, ARMType: drop.ARMType, Duplicate: true,
				Reason: fmt.Sprintf("declared at several scopes: generated from %s (%s scope)", keep.Path, keep.Scope)})
		}
		cat.Resources = append(cat.Resources, keep)
	}
	slices.SortFunc(cat.Resources, func(a, b *Resource) int { return strings.Compare(a.ARMType, b.ARMType) })
	slices.SortFunc(cat.Skipped, func(a, b Skipped) int {
		return strings.Compare(a.File+"\x00"+a.Path+"\x00"+a.ARMType, b.File+"\x00"+b.Path+"\x00"+b.ARMType)
	})
	return cat, nil
}

// AtScope is the declaration of r's ARM type at scope: r itself or one of its alternatives, the
// preferred one when several share the scope; nil when the version declares none there.
func (r *Resource) AtScope(scope astmodel.Scope) *Resource {
	for _, d := range r.Declarations() {
		if d.Scope == scope {
			return d
		}
	}
	return nil
}

// Declarations are r and its alternatives, preferred first.
func (r *Resource) Declarations() []*Resource {
	return append([]*Resource{r}, r.Alternatives...)
}

// Scopes are the scopes r's ARM type is declared at in its version, preferred first, each once.
func (r *Resource) Scopes() []astmodel.Scope {
	var out []astmodel.Scope
	for _, d := range r.Declarations() {
		if !slices.Contains(out, d.Scope) {
			out = append(out, d.Scope)
		}
	}
	return out
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

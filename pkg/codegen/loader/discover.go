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
	// NameParameter is the resolved parameter of the resource's name.
	NameParameter *spec.Parameter
	// Body is the PUT body schema; Response the GET 200 schema (Body when there is no GET).
	Body     SchemaRef
	Response SchemaRef
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
}

// Catalogue is what discovery found in a set of documents.
type Catalogue struct {
	Resources []*Resource
	Skipped   []Skipped
}

// Discover finds the resources declared by PUT operations in docs, one per ARM type (when a type
// is declared at several scopes, the narrowest scope wins and the others are listed as skipped).
func Discover(c *Corpus, group, apiVersion string, stable bool, docs []*Document) (*Catalogue, error) {
	cat := &Catalogue{}
	byType := make(map[string]*Resource)
	for _, doc := range docs {
		for _, p := range doc.PathNames() {
			if !doc.MayHaveOperation(p, "put") {
				continue
			}
			item, err := doc.PathItem(p)
			if err != nil {
				return nil, err
			}
			if item.Put == nil {
				continue
			}
			r, reason, err := resourceFromPath(c, doc, p, item)
			if err != nil {
				return nil, err
			}
			if reason != "" {
				cat.Skipped = append(cat.Skipped, Skipped{File: doc.Path, Path: p, Reason: reason})
				continue
			}
			r.Group, r.APIVersion, r.Stable = group, apiVersion, stable
			key := strings.ToLower(r.ARMType)
			if prev, ok := byType[key]; ok {
				keep, drop := prev, r
				if scopeRank(r.Scope) < scopeRank(prev.Scope) {
					keep, drop = r, prev
				}
				byType[key] = keep
				cat.Skipped = append(cat.Skipped, Skipped{File: drop.File, Path: drop.Path,
					Reason: fmt.Sprintf("%s is also declared at %s (%s scope), which is generated", drop.ARMType, keep.Path, keep.Scope)})
				continue
			}
			byType[key] = r
		}
	}
	for _, r := range byType {
		cat.Resources = append(cat.Resources, r)
	}
	slices.SortFunc(cat.Resources, func(a, b *Resource) int { return strings.Compare(a.ARMType, b.ARMType) })
	slices.SortFunc(cat.Skipped, func(a, b Skipped) int {
		return strings.Compare(a.File+"\x00"+a.Path, b.File+"\x00"+b.Path)
	})
	return cat, nil
}

func scopeRank(s astmodel.Scope) int {
	return slices.Index([]astmodel.Scope{astmodel.ScopeResourceGroup, astmodel.ScopeSubscription,
		astmodel.ScopeManagementGroup, astmodel.ScopeTenant, astmodel.ScopeExtension}, s)
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// resourceFromPath applies the discovery rules to one PUT path; a non-empty reason means the
// path is not a resource we generate.
func resourceFromPath(c *Corpus, doc *Document, path string, item *spec.PathItem) (*Resource, string, error) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	r := &Resource{Path: path, File: doc.Path}
	var prefix, rest []string
	if len(segs) == 4 && strings.EqualFold(segs[0], "subscriptions") && strings.EqualFold(segs[2], "resourcegroups") &&
		isParam(segs[1]) && isParam(segs[3]) {
		// Resource groups are the one resource ARM declares without a providers segment.
		r.Namespace, prefix, rest = "Microsoft.Resources", segs[:2], []string{"resourceGroups", segs[3]}
	} else {
		i := len(segs) - 1
		for i >= 0 && !strings.EqualFold(segs[i], "providers") {
			i--
		}
		if i < 0 {
			return nil, "path has no providers segment", nil
		}
		if i+1 >= len(segs) {
			return nil, "path ends at providers", nil
		}
		if isParam(segs[i+1]) {
			return nil, "provider namespace is a path parameter (a generic resource path)", nil
		}
		r.Namespace, prefix, rest = segs[i+1], segs[:i], segs[i+2:]
	}
	if len(rest) == 0 || len(rest)%2 != 0 {
		return nil, "path does not end in a {name} parameter", nil
	}
	for j := 0; j < len(rest); j += 2 {
		if isParam(rest[j]) {
			return nil, "resource type segment " + rest[j] + " is a path parameter", nil
		}
		r.Segments = append(r.Segments, rest[j])
	}
	last := rest[len(rest)-1]
	if !isParam(last) {
		return nil, fmt.Sprintf("name is the literal %q, not a {name} parameter", last), nil
	}
	r.ARMType = r.Namespace + "/" + strings.Join(r.Segments, "/")
	r.Kind = KindName(r.Segments)
	r.Scope = scopeOf(prefix)

	params, err := operationParameters(c, doc, path, item, item.Put)
	if err != nil {
		return nil, "", err
	}
	name := strings.Trim(last, "{}")
	for _, p := range params {
		if p.param.In == "path" && p.param.Name == name {
			r.NameParameter = p.param
		}
		if p.param.In == "body" && p.param.Schema != nil {
			r.Body = SchemaRef{Doc: p.doc, Pointer: p.pointer + "/schema", Schema: p.param.Schema}
		}
	}
	if r.NameParameter == nil {
		return nil, "", &SpecError{File: doc.Path, Pointer: Pointer("paths", path, "put", "parameters"),
			Message: fmt.Sprintf("path parameter %q is not declared", name)}
	}
	if r.Body.Schema == nil {
		return nil, "PUT has no body schema", nil
	}
	r.Response = r.Body
	if item.Get != nil && item.Get.Responses != nil {
		if ok, found := item.Get.Responses.StatusCodeResponses[200]; found && ok.Schema != nil {
			r.Response = SchemaRef{Doc: doc, Pointer: Pointer("paths", path, "get", "responses", "200", "schema"), Schema: ok.Schema}
		}
	}
	return r, "", nil
}

func scopeOf(prefix []string) astmodel.Scope {
	lower := make([]string, len(prefix))
	for i, s := range prefix {
		if isParam(s) {
			lower[i] = "{}"
		} else {
			lower[i] = strings.ToLower(s)
		}
	}
	switch strings.Join(lower, "/") {
	case "":
		return astmodel.ScopeTenant
	case "subscriptions/{}":
		return astmodel.ScopeSubscription
	case "subscriptions/{}/resourcegroups/{}":
		return astmodel.ScopeResourceGroup
	case "providers/microsoft.management/managementgroups/{}":
		return astmodel.ScopeManagementGroup
	}
	return astmodel.ScopeExtension
}

type locatedParam struct {
	param   *spec.Parameter
	doc     *Document
	pointer string
}

// operationParameters resolves the path-level and operation-level parameters of an operation.
func operationParameters(c *Corpus, doc *Document, path string, item *spec.PathItem, op *spec.Operation) ([]locatedParam, error) {
	var out []locatedParam
	add := func(params []spec.Parameter, base string) error {
		for i := range params {
			p := &params[i]
			at := fmt.Sprintf("%s/%d", base, i)
			pdoc := doc
			if ref := p.Ref.String(); ref != "" {
				t, err := c.Resolve(doc, at, ref)
				if err != nil {
					return err
				}
				name, ok := strings.CutPrefix(t.Pointer, "/parameters/")
				if !ok {
					return &SpecError{File: doc.Path, Pointer: at, Message: "$ref " + ref + " does not point at a parameter"}
				}
				rp, found, err := t.Doc.Parameter(unescapePointer(name))
				if err != nil {
					return err
				}
				if !found {
					return &SpecError{File: doc.Path, Pointer: at + "/$ref", Message: "dangling $ref " + ref,
						Suggestion: nearestRef(ref, unescapePointer(name), t.Doc.ParameterNames())}
				}
				p, pdoc, at = rp, t.Doc, t.Pointer
			}
			out = append(out, locatedParam{param: p, doc: pdoc, pointer: at})
		}
		return nil
	}
	if err := add(item.Parameters, Pointer("paths", path, "parameters")); err != nil {
		return nil, err
	}
	if err := add(op.Parameters, Pointer("paths", path, "put", "parameters")); err != nil {
		return nil, err
	}
	return out, nil
}

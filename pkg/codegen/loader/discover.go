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

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// splitPath finds the provider namespace of a path: the segment after the last providers
// segment, or, in the few specs that leave providers out, the last Microsoft.* segment.
func splitPath(segs []string) (ns string, prefix, rest []string, reason string) {
	if len(segs) == 4 && strings.EqualFold(segs[0], "subscriptions") && strings.EqualFold(segs[2], "resourcegroups") &&
		isParam(segs[1]) && isParam(segs[3]) {
		// Resource groups are the one resource ARM declares without a providers segment.
		return "Microsoft.Resources", segs[:2], []string{"resourceGroups", segs[3]}, ""
	}
	i := len(segs) - 1
	for i >= 0 && !strings.EqualFold(segs[i], "providers") {
		i--
	}
	if i >= 0 {
		if i+1 >= len(segs) {
			return "", nil, nil, "path ends at providers"
		}
		if isParam(segs[i+1]) {
			return "", nil, nil, "provider namespace is a path parameter: a generic path for any resource type"
		}
		return segs[i+1], segs[:i], segs[i+2:], ""
	}
	for j := len(segs) - 1; j >= 0; j-- {
		if strings.HasPrefix(segs[j], "Microsoft.") {
			return segs[j], segs[:j], segs[j+1:], ""
		}
	}
	if len(segs) == 1 && isParam(segs[0]) {
		return "", nil, nil, "path is a single ARM ID parameter: an alias of a resource declared by its typed path"
	}
	return "", nil, nil, "path has no provider namespace"
}

// resourcesFromPath applies the discovery rules to one PUT path. A type segment that is a
// parameter with an enum (dnsZones/{recordType}) declares one resource per value.
func resourcesFromPath(c *Corpus, doc *Document, path string, ops *ResourceOperations) ([]*Resource, *Skipped, error) {
	skip := func(armType, reason string) ([]*Resource, *Skipped, error) {
		return nil, &Skipped{File: doc.Path, Path: path, ARMType: armType, Reason: reason}, nil
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if slices.Contains(segs, "") {
		return skip("", "path has an empty segment")
	}
	ns, prefix, rest, reason := splitPath(segs)
	if reason != "" {
		return skip("", reason)
	}
	ns = canonicalNamespace(ns, doc.Path)
	if len(rest) == 0 {
		return skip("", "path ends at the provider namespace")
	}
	params, err := operationParameters(c, doc, path, ops)
	if err != nil {
		return nil, nil, err
	}
	param := func(seg string) *spec.Parameter {
		name := strings.Trim(seg, "{}")
		for _, p := range params {
			if p.param.In == "path" && p.param.Name == name {
				return p.param
			}
		}
		return nil
	}
	// Each type segment, with the values a parameterised one stands for.
	var typeChoices [][]string
	for j := 0; j < len(rest); j += 2 {
		seg := rest[j]
		if !isParam(seg) {
			typeChoices = append(typeChoices, []string{seg})
			continue
		}
		var vals []string
		if p := param(seg); p != nil {
			for _, v := range p.Enum {
				if sv, ok := v.(string); ok && sv != "" {
					vals = append(vals, sv)
				}
			}
		}
		if len(vals) == 0 {
			return skip("", "resource type segment "+seg+" is a path parameter without an enum of types")
		}
		typeChoices = append(typeChoices, vals)
	}
	if len(rest)%2 != 0 {
		return skip(ns+"/"+strings.Join(firstChoices(typeChoices), "/"), "path ends in a type segment, with no name segment after it")
	}
	var fixed string
	var nameParam *spec.Parameter
	last := rest[len(rest)-1]
	if isParam(last) {
		if nameParam = param(last); nameParam == nil {
			return nil, nil, &SpecError{File: doc.Path, Pointer: Pointer("paths", path, "put", "parameters"),
				Message: fmt.Sprintf("path parameter %q is not declared", strings.Trim(last, "{}"))}
		}
	} else {
		fixed = last // a singleton with a literal name (…/configurations/default)
	}
	var body SchemaRef
	for _, p := range params {
		if p.param.In == "body" && p.param.Schema != nil {
			body = SchemaRef{Doc: p.doc, Pointer: p.pointer + "/schema", Schema: p.param.Schema}
		}
	}
	response := body
	if ops.GetSchema != nil {
		response = SchemaRef{Doc: doc, Pointer: Pointer("paths", path, "get", "responses", "200", "schema"), Schema: ops.GetSchema}
	}
	var out []*Resource
	for _, types := range expand(typeChoices) {
		out = append(out, &Resource{
			Path: path, File: doc.Path, Namespace: ns, Segments: types,
			ARMType: ns + "/" + strings.Join(types, "/"), Kind: KindName(types), Scope: scopeOf(prefix),
			NameParameter: nameParam, FixedName: fixed, Body: body, Response: response,
		})
	}
	return out, nil, nil
}

// expand lists every combination of the choices, in order.
func expand(choices [][]string) [][]string {
	out := [][]string{nil}
	for _, cs := range choices {
		var next [][]string
		for _, prefix := range out {
			for _, c := range cs {
				next = append(next, append(slices.Clone(prefix), c))
			}
		}
		out = next
	}
	return out
}

func firstChoices(choices [][]string) []string {
	var out []string
	for _, c := range choices {
		out = append(out, c[0])
	}
	return out
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
func operationParameters(c *Corpus, doc *Document, path string, ops *ResourceOperations) ([]locatedParam, error) {
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
	if err := add(ops.Parameters, Pointer("paths", path, "parameters")); err != nil {
		return nil, err
	}
	if err := add(ops.PutParameters, Pointer("paths", path, "put", "parameters")); err != nil {
		return nil, err
	}
	return out, nil
}

// canonicalNamespace spells a namespace as the spec folder does when they differ only in case:
// paths are case-insensitive and often drift (Microsoft.DBForPostgreSql beside the folder
// Microsoft.DBforPostgreSQL), while the folder is what the provider calls itself.
func canonicalNamespace(ns, docPath string) string {
	parts := strings.Split(docPath, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if strings.EqualFold(parts[i], ns) {
			return parts[i]
		}
	}
	return ns
}

package loader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

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
			NameParameter: nameParam, FixedName: fixed, Body: body, Response: response, NoDelete: !ops.HasDelete,
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

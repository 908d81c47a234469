package armfake

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/go-openapi/spec"
)

// fillReadOnly adds to a rendered resource the read-only values a service reports of its own
// (an identity's clientId and principalId, a cache's hostName and ports), so that clients can read
// them back and export them. Only scalars are made, in the objects the resource has (and its
// properties envelope): lists and objects of the service's own stay out. Each value depends on
// the seed, the resource's ID and the property's path only, so it is the same at every GET.
// body is the PUT body's schema: what the response has and the body cannot is the service's own
// too, marked read-only or not (a MariaDB server's fullyQualifiedDomainName).
func (s *Server) fillReadOnly(out map[string]any, id, name string, schema, body *spec.Schema) {
	s.fillObject(out, schema, body, id, name, "", 0)
}

// servicesOwn says the service sets the property pn of an object the client writes with the
// schema req (whose properties are reqProps): it is read-only, or, inside the resource's
// envelope, req cannot hold it and the client did not send it. A req without properties (no
// body, a cut recursion) says nothing. Of a discriminated union only the base's properties are
// known: a variant's the client left out is filled as a service default would be. The
// envelope's own (location, kind) are never invented.
func servicesOwn(p *spec.Schema, pn string, req *spec.Schema, reqProps map[string]*spec.Schema, sent bool, depth int) bool {
	if readOnly(p) {
		return true
	}
	if req == nil || sent || depth == 0 {
		return false
	}
	if len(reqProps) == 0 || !isObjectWith(req, reqProps) {
		return false
	}
	_, inReq := reqProps[pn]
	return !inReq
}

// managedByARM are filled elsewhere (renderLocked), or must not be invented.
var managedByARM = map[string]bool{"id": true, "name": true, "type": true, "etag": true, "systemData": true, "provisioningState": true}

func (s *Server) fillObject(m map[string]any, schema, req *spec.Schema, id, name, path string, depth int) {
	if schema == nil || depth > 16 {
		return
	}
	props := allProperties(schema)
	// req's properties once per object, not once per property: each is a copy of every
	// property schema through allOf, the largest cost of rendering a resource.
	var reqProps map[string]*spec.Schema
	if req != nil {
		reqProps = allProperties(req)
	}
	for _, pn := range slices.Sorted(maps.Keys(props)) {
		p := props[pn]
		if managedByARM[pn] {
			continue
		}
		at := pn
		if path != "" {
			at = path + "." + pn
		}
		v, present := m[pn]
		own := servicesOwn(p, pn, req, reqProps, present, depth)
		switch {
		case present:
			s.fillValue(v, p, reqProps[pn], id, name, at, depth+1)
		case own && scalar(p):
			rng := rand.New(rand.NewPCG(uint64(s.opts.Seed), seedOf(id+"#"+at, 0)))
			m[pn] = s.readOnlyValue(p, pn, name, at, rng)
		case depth == 0 && pn == "properties" && hasReadOnlyScalar(p),
			// An object the service reports of its own (a storage account's primaryEndpoints).
			readOnly(p) && isObject(p) && hasReadOnlyScalar(p):
			env := map[string]any{}
			s.fillObject(env, p, reqProps[pn], id, name, at, depth+1)
			m[pn] = env
		}
	}
}

func (s *Server) fillValue(v any, schema, req *spec.Schema, id, name, path string, depth int) {
	switch x := v.(type) {
	case map[string]any:
		if mv := mapValueSchema(schema); mv != nil && len(schema.Properties) == 0 && len(schema.AllOf) == 0 {
			return // a map of the client's, not an object of the service's
		}
		s.fillObject(x, schema, req, id, name, path, depth)
	case []any:
		if it := itemSchema(schema); it != nil {
			var reqItem *spec.Schema
			if req != nil {
				reqItem = itemSchema(req)
			}
			for i, item := range x {
				s.fillValue(item, it, reqItem, id, name, path+"["+strconv.Itoa(i)+"]", depth+1)
			}
		}
	}
}

// readOnlyValue is a value of p's shape; a few names get values of the form services give them.
func (s *Server) readOnlyValue(p *spec.Schema, prop, resource, path string, rng *rand.Rand) any {
	switch {
	case strings.EqualFold(prop, "tenantId") && s.opts.TenantID != "":
		return s.opts.TenantID
	case (strings.HasSuffix(strings.ToLower(prop), "hostname") || strings.HasSuffix(strings.ToLower(prop), "domainname")) && typeOf(p) == "string":
		return strings.ToLower(resource) + ".armfake.example"
	case (strings.Contains(strings.ToLower(path), "endpoints.") || strings.HasSuffix(strings.ToLower(prop), "endpoint")) &&
		typeOf(p) == "string" && len(p.Enum) == 0 && p.Format == "":
		// Endpoints are URLs clients connect to (and export): give them that shape.
		return "https://" + strings.ToLower(resource) + "." + strings.ToLower(prop) + ".armfake.example/"
	}
	return synthesize(p, prop, rng, 0, 0)
}

func scalar(p *spec.Schema) bool {
	switch typeOf(p) {
	case "string", "integer", "number", "boolean":
		return true
	}
	return false
}

// isObject is an object with properties of its own, not a map.
func isObject(p *spec.Schema) bool { return isObjectWith(p, allProperties(p)) }

// isObjectWith is isObject of p whose properties (allProperties) are props.
func isObjectWith(p *spec.Schema, props map[string]*spec.Schema) bool {
	return (typeOf(p) == "object" || typeOf(p) == "") && len(props) > 0
}

func hasReadOnlyScalar(p *spec.Schema) bool {
	for _, c := range allProperties(p) {
		if readOnly(c) && scalar(c) {
			return true
		}
	}
	return false
}

func typeOf(p *spec.Schema) string {
	if len(p.Type) > 0 {
		return p.Type[0]
	}
	return ""
}

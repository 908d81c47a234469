package armfake

import (
	"fmt"
	"strings"

	"github.com/go-openapi/spec"
	"github.com/go-openapi/strfmt"
	"github.com/go-openapi/validate"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// typeOps is what the swagger says about one resource type at one api-version, decoded and
// expanded on first use: most of the corpus is never requested in a test run.
type typeOps struct {
	hasGet, hasDelete, hasPatch bool
	// lro marks the methods declared x-ms-long-running-operation.
	lro map[string]bool
	// body is the PUT body schema, response the GET 200 schema, both self-contained.
	body, response *spec.Schema
	validator      *validate.SchemaValidator
	// actions are the POST operations on the resource, keyed by lower-cased name.
	actions map[string]*action
	// listable says the swagger declares a GET on the collection in the parent's scope;
	// listableInSubscription, a GET listing the type across a subscription.
	listable, listableInSubscription bool
	// hasEtag / hasProvisioningState say what the read-only envelope holds.
	hasEtag, hasProvisioningState bool
}

// action is a POST operation on a resource (listKeys, regenerateKey, restart, ...).
type action struct {
	name     string
	lro      bool
	response *spec.Schema // nil when the action answers without a body
}

// noFormats keeps validation to types, enums, required, patterns and bounds: ARM's formats
// (arm-id, duration as ISO 8601, unixtime, ...) differ from strfmt's, and a format check that
// refused what Azure accepts would be worse than none.
var noFormats = strfmt.NewSeededFormats(nil, nil)

// operations decodes the type's operations once.
func (tv *typeVersion) operations() (*typeOps, error) {
	tv.once.Do(func() {
		if tv.ops != nil { // built in (resource groups without a spec)
			return
		}
		tv.ops, tv.err = tv.decodeOperations()
		if tv.err != nil {
			tv.err = fmt.Errorf("%s@%s: %w", tv.res.ARMType, tv.res.APIVersion, tv.err)
		}
	})
	return tv.ops, tv.err
}

func (tv *typeVersion) decodeOperations() (*typeOps, error) {
	r := tv.res
	var doc *loader.Document
	for _, d := range tv.docs {
		if d.Path == r.File {
			doc = d
		}
	}
	if doc == nil {
		return nil, fmt.Errorf("swagger file %s not loaded", r.File)
	}
	item, err := doc.PathItem(r.Path)
	if err != nil {
		return nil, err
	}
	ops := &typeOps{lro: map[string]bool{}, actions: map[string]*action{}}
	for method, op := range map[string]*spec.Operation{"PUT": item.Put, "GET": item.Get, "DELETE": item.Delete, "PATCH": item.Patch} {
		if op == nil {
			continue
		}
		if b, _ := op.Extensions["x-ms-long-running-operation"].(bool); b {
			ops.lro[method] = true
		}
	}
	ops.hasGet, ops.hasDelete, ops.hasPatch = item.Get != nil, item.Delete != nil, item.Patch != nil
	ex := newExpander(tv.corpus)
	if r.Body.Schema != nil {
		if ops.body, err = ex.expand(r.Body.Doc, r.Body.Schema, r.Body.Pointer); err != nil {
			return nil, err
		}
	} else {
		ops.body = &spec.Schema{}
	}
	if r.Response.Schema != nil {
		if ops.response, err = ex.expand(r.Response.Doc, r.Response.Schema, r.Response.Pointer); err != nil {
			return nil, err
		}
	} else {
		ops.response = ops.body
	}
	ops.finish()
	if err := tv.scanSiblings(ops, ex); err != nil {
		return nil, err
	}
	return ops, nil
}

// finish derives what the read-only envelope holds and builds the validator.
func (ops *typeOps) finish() {
	// An etag ARM fills in is a string; a schema declaring it otherwise (a workbook's, a map) is
	// answered with what the client stored, so the answer still decodes by that schema.
	if e := property(ops.response, "etag"); e != nil {
		object := e.Type.Contains("object") || e.AdditionalProperties != nil || len(e.Properties) > 0
		ops.hasEtag = !object
	}
	if p := property(ops.response, "properties"); p != nil {
		ops.hasProvisioningState = property(p, "provisioningState") != nil
	}
	ops.validator = validate.NewSchemaValidator(ops.body, nil, "", noFormats)
}

// scanSiblings finds the POST actions and collection GETs the version folder declares for the type.
func (tv *typeVersion) scanSiblings(ops *typeOps, ex *expander) error {
	resSegs := normalizedSegments(tv.res.Path)
	collection := resSegs[:len(resSegs)-1]
	var subList []string
	if len(tv.res.Segments) == 1 && len(resSegs) >= 6 && resSegs[0] == "subscriptions" && resSegs[2] == "resourcegroups" {
		subList = append([]string{"subscriptions", "{}"}, resSegs[4:len(resSegs)-1]...)
	}
	for _, doc := range tv.docs {
		for _, p := range doc.PathNames() {
			segs := normalizedSegments(p)
			isAction := len(segs) == len(resSegs)+1 && segsMatch(segs[:len(resSegs)], resSegs) && !isParam(segs[len(segs)-1])
			isList := segsMatch(segs, collection)
			isSubList := subList != nil && segsMatch(segs, subList)
			if !isAction && !isList && !isSubList {
				continue
			}
			item, err := doc.PathItem(p)
			if err != nil {
				return err
			}
			switch {
			case isAction && item.Post != nil:
				a := &action{name: lastSegment(p)}
				a.lro, _ = item.Post.Extensions["x-ms-long-running-operation"].(bool)
				if item.Post.Responses != nil {
					for _, code := range []int{200, 201, 202} {
						if resp, ok := item.Post.Responses.StatusCodeResponses[code]; ok && resp.Schema != nil {
							at := loader.Pointer("paths", p, "post", "responses", fmt.Sprint(code), "schema")
							s, err := ex.expand(doc, resp.Schema, at)
							if err != nil {
								return err
							}
							a.response = s
							break
						}
					}
				}
				ops.actions[strings.ToLower(a.name)] = a
			case isList && item.Get != nil:
				ops.listable = true
			case isSubList && item.Get != nil:
				ops.listableInSubscription = true
			}
		}
	}
	return nil
}

// normalizedSegments lower-cases a path template and replaces its parameters with {}.
func normalizedSegments(p string) []string {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i, s := range segs {
		if isParam(s) {
			segs[i] = "{}"
		} else {
			segs[i] = strings.ToLower(s)
		}
	}
	return segs
}

func segsMatch(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != "{}" && b[i] != "{}" {
			return false
		}
	}
	return true
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

func lastSegment(p string) string { return p[strings.LastIndex(p, "/")+1:] }

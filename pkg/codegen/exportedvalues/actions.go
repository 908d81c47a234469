package exportedvalues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// action is a POST operation below a resource's path: what its URL adds to the resource's
// (listKeys, or authorizationRules/{authorizationRuleName}/listKeys) and its 200 response.
type action struct {
	segments []string
	response node
}

// name is the action's URL after the resource's, parameters as the swagger writes them.
func (a action) name() string { return strings.Join(a.segments, "/") }

// direct reports whether the action is the resource's own: one literal segment.
func (a action) direct() bool { return len(a.segments) == 1 && !isParameter(a.segments[0]) }

func isParameter(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// readAction tells the actions the operator may call: by ARM's convention, POST actions that
// read secrets are named list... (listKeys, listConnectionStrings); others change something
// (regenerateKey, restart) and are never candidates.
func readAction(last string) bool { return len(last) > 4 && strings.EqualFold(last[:4], "list") }

// actionsOf lists the POST operations of docs whose path goes on from the resource's path
// (segments match literally, in any case, or parameter against parameter), sorted by name;
// those that need a body (ListAccountSas) are left out: the operator sends none.
func (w *walker) actionsOf(docs []*loader.Document, resourcePath string) ([]action, error) {
	base := splitPath(resourcePath)
	var out []action
	for _, doc := range docs {
		for _, p := range doc.PathNames() {
			segs := splitPath(p)
			if len(segs) <= len(base) || !samePrefix(base, segs) || !doc.MayHaveOperation(p, "post") {
				continue
			}
			item, err := doc.PathItem(p)
			if err != nil {
				return nil, err
			}
			if item.Post == nil {
				continue
			}
			needsBody, err := w.needsBody(doc, loader.Pointer("paths", p, "post"), item.Post.Parameters)
			if err != nil {
				return nil, err
			}
			if needsBody {
				continue
			}
			a := action{segments: segs[len(base):]}
			if slices.ContainsFunc(out, func(o action) bool { return strings.EqualFold(o.name(), a.name()) }) {
				continue
			}
			a.response = node{doc: doc, ptr: loader.Pointer("paths", p, "post", "responses", "200", "schema")}
			if item.Post.Responses != nil {
				if r, ok := item.Post.Responses.StatusCodeResponses[200]; ok {
					a.response.s = r.Schema
				}
			}
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b action) int { return strings.Compare(a.name(), b.name()) })
	return out, nil
}

// needsBody tells an operation with a required body parameter.
func (w *walker) needsBody(doc *loader.Document, at string, params []spec.Parameter) (bool, error) {
	for i, p := range params {
		if ref := p.Ref.String(); ref != "" {
			t, err := w.corpus.Resolve(doc, fmt.Sprintf("%s/parameters/%d", at, i), ref)
			if err != nil {
				return false, err
			}
			name, ok := strings.CutPrefix(t.Pointer, "/parameters/")
			if !ok {
				continue
			}
			rp, found, err := t.Doc.Parameter(name)
			if err != nil {
				return false, err
			}
			if !found {
				continue
			}
			p = *rp
		}
		if p.In == "body" && p.Required {
			return true, nil
		}
	}
	return false, nil
}

func splitPath(p string) []string { return strings.Split(strings.Trim(p, "/"), "/") }

func samePrefix(base, segs []string) bool {
	for i, b := range base {
		s := segs[i]
		switch {
		case isParameter(b) && isParameter(s):
		case isParameter(b) || isParameter(s):
			return false
		case !strings.EqualFold(b, s):
			return false
		}
	}
	return true
}

// match tells whether an action written in the config (literal segments, a parameter's value in
// place of the parameter) is a, and returns it as it is sent: literal segments as the swagger
// spells them, values as written.
func (a action) match(written string) (string, bool) {
	segs := strings.Split(written, "/")
	if len(segs) != len(a.segments) {
		return "", false
	}
	out := make([]string, len(segs))
	for i, s := range a.segments {
		switch {
		case isParameter(s):
			out[i] = segs[i]
		case strings.EqualFold(s, segs[i]):
			out[i] = s
		default:
			return "", false
		}
	}
	return strings.Join(out, "/"), true
}

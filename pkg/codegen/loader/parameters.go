package loader

import (
	"fmt"
	"strings"

	"github.com/go-openapi/spec"
)

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

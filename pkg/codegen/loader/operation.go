package loader

import (
	"encoding/json"

	"github.com/go-openapi/spec"
)

// ResourceOperations is what discovery needs of a path: its parameters, the PUT's parameters and
// the schema of the GET's 200 response. Decoding only these (into go-openapi's models) skips the
// other operations and examples, which are most of a path's bytes.
type ResourceOperations struct {
	// HasPut is false when the path declares no PUT; HasDelete when it declares no DELETE (a
	// settings child such as a storage account's blobServices/default, which Azure removes only
	// with its parent).
	HasPut, HasDelete bool
	Parameters        []spec.Parameter
	PutParameters     []spec.Parameter
	// GetSchema is the GET 200 response schema, nil when there is none.
	GetSchema *spec.Schema
}

type rawPathOps struct {
	Parameters []spec.Parameter `json:"parameters"`
	Put        *rawPut          `json:"put"`
	Get        *rawGet          `json:"get"`
	Delete     json.RawMessage  `json:"delete"`
}

type rawPut struct {
	Parameters []spec.Parameter `json:"parameters"`
}

type rawGet struct {
	Responses map[string]rawResponse `json:"responses"`
}

type rawResponse struct {
	Schema *spec.Schema `json:"schema"`
}

// ResourceOperations decodes the parts of a path that discovery reads.
func (d *Document) ResourceOperations(path string) (*ResourceOperations, error) {
	raw, ok := d.rawPaths[path]
	if !ok {
		return nil, &SpecError{File: d.Path, Pointer: Pointer("paths", path), Message: "not found"}
	}
	var r rawPathOps
	if decodePathOps(raw, &r) != nil {
		r = rawPathOps{}
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, &SpecError{File: d.Path, Pointer: Pointer("paths", path), Message: "cannot decode: " + err.Error()}
		}
	}
	ops := &ResourceOperations{HasPut: r.Put != nil, HasDelete: r.Delete != nil, Parameters: r.Parameters}
	if r.Put != nil {
		ops.PutParameters = r.Put.Parameters
	}
	if r.Get != nil {
		if ok, found := r.Get.Responses["200"]; found {
			ops.GetSchema = ok.Schema
		}
	}
	return ops, nil
}

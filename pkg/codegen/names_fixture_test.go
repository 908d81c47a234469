package codegen

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/explain"
)

// clashFile is where the one swagger file of a naming fixture lives, relative to its spec root.
const clashFile = "clash/resource-manager/Microsoft.Clash/stable/2021-01-01/clash.json"

// clashSwagger is a provider with one resource group resource, Microsoft.Clash/things, whose
// body is the Thing definition: id, name, type, location and a flattened properties envelope
// (ThingProperties). props are the envelope's properties and defs are extra definitions, as
// JSON, so each test states only the names it is about.
func clashSwagger(props string, defs string) string {
	param := func(name string) string {
		return `{"name": "` + name + `", "in": "path", "required": true, "type": "string"}`
	}
	body := `{
  "swagger": "2.0",
  "info": {"title": "ClashClient", "version": "2021-01-01"},
  "host": "management.azure.com",
  "paths": {
    "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Clash/things/{thingName}": {
      "get": {"operationId": "Things_Get", "parameters": [` + param("subscriptionId") + `, ` + param("resourceGroupName") + `, ` + param("thingName") + `,
          {"name": "api-version", "in": "query", "required": true, "type": "string"}],
        "responses": {"200": {"description": "OK", "schema": {"$ref": "#/definitions/Thing"}}}},
      "put": {"operationId": "Things_CreateOrUpdate", "parameters": [` + param("subscriptionId") + `, ` + param("resourceGroupName") + `, ` + param("thingName") + `,
          {"name": "api-version", "in": "query", "required": true, "type": "string"},
          {"name": "thing", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Thing"}}],
        "responses": {"200": {"description": "OK", "schema": {"$ref": "#/definitions/Thing"}}}}
    }
  },
  "definitions": {
    "Thing": {"type": "object", "properties": {
      "id": {"type": "string", "readOnly": true},
      "name": {"type": "string", "readOnly": true},
      "type": {"type": "string", "readOnly": true},
      "location": {"type": "string"},
      "properties": {"$ref": "#/definitions/ThingProperties", "x-ms-client-flatten": true}
    }},
    "ThingProperties": {"type": "object", "properties": {` + props + `}}` + defs + `
  }
}`
	var check any
	if err := json.Unmarshal([]byte(body), &check); err != nil {
		panic("clashSwagger: the fixture is not JSON: " + err.Error() + "\n" + body)
	}
	return body
}

// runClash writes the swagger and a config exporting Thing (plus model, indented under the
// version) into a fresh spec root and generates in memory.
func runClash(t *testing.T, swagger, model string) (*Result, *config.Config, error) {
	t.Helper()
	dir := t.TempDir()
	root := filepath.Join(dir, "specification")
	file := filepath.Join(root, clashFile)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(swagger), 0o644); err != nil {
		t.Fatal(err)
	}
	cfgFile := filepath.Join(dir, "azure-arm.yaml")
	body := "specRoot: " + root + "\noutputPackage: " + clashPackage + "\nobjectModelConfiguration:\n  clash:\n    2021-01-01:\n      Thing:\n        $export: true\n" + model
	if err := os.WriteFile(cfgFile, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Config: cfg, SpecRoot: root})
	return res, cfg, err
}

// thingObject is the object of the definition named name in the API package (Thing_Spec,
// Thing_STATUS), or with storage set in its storage twin.
func thingObject(t *testing.T, res *Result, name string, storage bool) *astmodel.ObjectType {
	t.Helper()
	for n, d := range res.Definitions {
		if n.Name == name && n.Package.IsAPI() && !n.Package.ARM && n.Package.Storage == storage {
			if obj, ok := d.Type.(*astmodel.ObjectType); ok {
				return obj
			}
		}
	}
	t.Fatalf("no object %s (storage %v)", name, storage)
	return nil
}

// clashPackage is the import path generated fixture code is built under: a folder of this
// module, so that it compiles against the module's own genruntime.
const clashPackage = "github.com/armgen/armgen/pkg/codegen/testdata/clashbuild"

// buildClash writes what a fixture generated into the module and compiles it with go vet
// (which type-checks the package and its generated tests), so a field named like a method or a
// switch with the same case twice fails here as it would for a user.
func buildClash(t *testing.T, res *Result) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds generated code with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := filepath.Join("testdata", "clashbuild")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	for path, body := range res.Files {
		file := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "vet", "./"+filepath.ToSlash(dir)+"/...")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated code does not compile: %v\n%s", err, out)
	}
}

// explainText is what gen explain prints for query over a fixture's result.
func explainText(t *testing.T, res *Result, cfg *config.Config, query string) string {
	t.Helper()
	q, err := explain.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	e, err := explain.Explain(res.Definitions, cfg, q)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	var b bytes.Buffer
	if err := e.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

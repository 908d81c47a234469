package exportedvalues

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

const cachePath = "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{cacheName}"

// A cache whose GET response holds its host and port, and keys only on create; listKeys,
// listAllKeys, regenerateKey (which changes something) and listSas (which needs a body) answer
// with keys; a rule below it has listKeys of its own; listCredentials answers with a kubeconfig
// in base64 (format: byte), as a cluster's do. The action paths name the cache {name}, not {cacheName}.
const demoSwagger = `{
  "paths": {
    "` + cachePath + `": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Cache"}}}}, "put": {}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/listKeys": {"post": {"responses": {"200": {"schema": {"$ref": "#/definitions/Keys"}}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/listAllKeys": {"post": {"responses": {"200": {"schema": {"$ref": "#/definitions/AllKeys"}}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/regenerateKey": {"post": {"responses": {"200": {"schema": {"$ref": "#/definitions/Keys"}}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/rules/{ruleName}/listKeys": {"post": {"responses": {"200": {"schema": {"$ref": "#/definitions/Keys"}}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/listCredentials": {"post": {"responses": {"200": {"schema": {"$ref": "#/definitions/Credentials"}}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/restart": {"post": {"responses": {"200": {}}}},
    "/subscriptions/{s}/resourceGroups/{g}/providers/Microsoft.Demo/caches/{name}/listSas": {"post": {"parameters": [{"$ref": "#/parameters/SasParameters"}], "responses": {"200": {"schema": {"$ref": "#/definitions/Keys"}}}}}
  },
  "parameters": {
    "SasParameters": {"name": "parameters", "in": "body", "required": true, "schema": {"type": "object"}}
  },
  "definitions": {
    "Cache": {"properties": {"name": {"type": "string"}, "properties": {"$ref": "#/definitions/CacheProperties"}}},
    "CacheProperties": {"properties": {
      "hostName": {"type": "string"}, "port": {"type": "integer"}, "certificate": {"type": "string", "format": "byte"},
      "accessKeys": {"$ref": "#/definitions/Keys"},
      "endpoints": {"type": "object", "properties": {"blob": {"type": "string"}}}
    }},
    "Keys": {"properties": {"primaryKey": {"type": "string"}, "secondaryKey": {"type": "string"}, "keys": {"type": "array", "items": {"$ref": "#/definitions/Key"}}}},
    "Key": {"properties": {"keyName": {"type": "string"}, "value": {"type": "string"}}},
    "Credentials": {"properties": {"kubeconfigs": {"type": "array", "items": {"properties": {"name": {"type": "string"}, "value": {"type": "string", "format": "byte"}}}}}},
    "AllKeys": {"allOf": [{"$ref": "#/definitions/Keys"}], "properties": {"readOnlyKey": {"type": "string"}}}
  }
}`

func demo(t *testing.T, secrets string) ([]astmodel.ExportedValue, error) {
	t.Helper()
	corpus := loader.NewCorpusFS("demo", fstest.MapFS{"demo.json": {Data: []byte(demoSwagger)}})
	doc, err := corpus.Load("demo.json")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse("azure-arm.yaml", []byte("objectModelConfiguration:\n  demo:\n    2020-01-01:\n      Cache:\n        $export: true\n        $azureGeneratedSecrets:\n"+secrets))
	if err != nil {
		t.Fatal(err)
	}
	cache, _, err := doc.Definition("Cache")
	if err != nil {
		t.Fatal(err)
	}
	e := &selection.Export{
		Config: cfg.Group("demo").Version("2020-01-01").Type("Cache"),
		Resource: &loader.Resource{ARMType: "Microsoft.Demo/caches", APIVersion: "2020-01-01", Path: cachePath,
			Response: loader.SchemaRef{Doc: doc, Pointer: "/definitions/Cache", Schema: cache}},
	}
	w := &walker{corpus: corpus}
	return w.secrets(cfg, e, []*loader.Document{doc})
}

func TestSecretsFound(t *testing.T) {
	got, err := demo(t, `          - hostName
          - secondaryKey: LISTKEYS:SecondaryKey
          - port: properties.port
          - readOnlyKey
          - key1: listKeys:keys[0].value
          - blobEndpoint: properties.endpoints.blob
          - ruleKey: rules/default/listKeys:secondaryKey
          - kubeconfig: listCredentials:kubeconfigs[0].value
          - certificate
`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"hostName <- properties.hostName",
		// Spelt as the swagger spells it.
		"secondaryKey <- listKeys:secondaryKey",
		"port <- properties.port",
		// Through allOf.
		"readOnlyKey <- listAllKeys:readOnlyKey",
		"key1 <- listKeys:keys[0].value",
		"blobEndpoint <- properties.endpoints.blob",
		// The rule's name in place of its parameter.
		"ruleKey <- rules/default/listKeys:secondaryKey",
		// Bytes in base64 on the wire, said so explicitly and found by name.
		"kubeconfig <- listCredentials:kubeconfigs[0].value (base64 bytes)",
		"certificate <- properties.certificate (base64 bytes)",
	}
	var lines []string
	for _, v := range got {
		lines = append(lines, v.String())
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// TestSecretsPickedByName: an item of a list of keys is picked by the value of one of its
// properties ([keyName=key2]), the property checked against the swagger and spelt as it spells it.
func TestSecretsPickedByName(t *testing.T) {
	got, err := demo(t, `          - key2: listKeys:keys[KEYNAME=key2].value
          - primary: listKeys:keys[keyName=Primary Read Only].value
`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"key2 <- listKeys:keys[keyName=key2].value", "primary <- listKeys:keys[keyName=Primary Read Only].value"}
	for i, v := range got {
		if i >= len(want) || v.String() != want[i] {
			t.Errorf("got %v, want %v", got, want)
			break
		}
	}
}

func TestSecretsErrors(t *testing.T) {
	const at = "azure-arm.yaml:7:13: objectModelConfiguration.demo.2020-01-01.Cache.$azureGeneratedSecrets[0]: Microsoft.Demo/caches 2020-01-01: "
	cases := []struct{ name, entry, want string }{
		{"ambiguous", "- primaryKey",
			// Also in the GET response (properties.accessKeys.primaryKey) deeper down, and in
			// regenerateKey and listSas, which are never called.
			"primaryKey is in several places (listAllKeys:primaryKey, listKeys:primaryKey); say which: - primaryKey: listAllKeys:primaryKey"},
		{"absent", "- colour",
			"no property colour in the GET response or the responses of listAllKeys, listCredentials, listKeys; say where the value is: - colour: [action:]path (such as listKeys:keys[0].value, or properties.hostName in the GET response)"},
		{"an action that changes something", "- k: regenerateKey:primaryKey",
			"regenerateKey is not a list action: the operator calls only actions that read (listKeys, listConnectionStrings, ...), never ones that change something"},
		{"an action the swagger lacks", "- k: listSecrets:primaryKey",
			"the swagger declares no POST action listSecrets on the resource (its list actions: listAllKeys, listCredentials, listKeys, rules/{ruleName}/listKeys; name a parameter by its value)"},
		{"a property the response lacks", "- k: listKeys:primaryKy",
			`in the response of listKeys, the response has no property primaryKy (did you mean "primaryKey"?)`},
		{"a list without an index", "- k: listKeys:keys.value",
			"in the response of listKeys, keys is a list, which has no property value"},
		{"an index into what is no list", "- k: properties.hostName[0]",
			"in the GET response, properties.hostName is not a list, so hostName[0] names nothing"},
		{"a pick by a property the items lack", "- k: listKeys:keys[keyNme=key1].value",
			`in the response of listKeys, the items of keys have no property keyNme to pick one by (did you mean "keyName"?)`},
		{"a pick from what is no list", "- k: properties.hostName[name=a]",
			"in the GET response, properties.hostName is not a list, so hostName[name=a] names nothing"},
		{"an object", "- k: properties.endpoints",
			"in the GET response, properties.endpoints is not a single value (a string or a number) but an object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := demo(t, "          "+c.entry+"\n")
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(*config.Error); !ok {
				t.Errorf("%T is not a config error", err)
			}
			if err.Error() != at+c.want {
				t.Errorf("got  %s\nwant %s", err, at+c.want)
			}
		})
	}
}

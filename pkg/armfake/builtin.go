package armfake

import (
	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

const resourceGroupType = "Microsoft.Resources/resourceGroups"

// builtinResourceGroupVersions are api-versions of Microsoft.Resources that clients commonly
// use; they are served only when the spec root does not declare resource groups itself.
var builtinResourceGroupVersions = []string{
	"2019-05-01", "2019-10-01", "2020-06-01", "2020-10-01", "2021-01-01", "2021-04-01",
	"2022-09-01", "2023-07-01", "2024-03-01", "2024-07-01", "2024-11-01", "2025-04-01",
}

// resourceGroupSchema is ResourceGroup of Microsoft.Resources, as much of it as a client sends.
func resourceGroupSchema() *spec.Schema {
	str := func() spec.Schema { return *spec.StringProperty() }
	ro := func(s spec.Schema) spec.Schema { s.ReadOnly = true; return s }
	props := spec.Schema{}
	props.Type = spec.StringOrArray{"object"}
	props.Properties = spec.SchemaProperties{"provisioningState": ro(str())}
	s := &spec.Schema{}
	s.Type = spec.StringOrArray{"object"}
	s.Required = []string{"location"}
	s.Properties = spec.SchemaProperties{
		"id": ro(str()), "name": ro(str()), "type": ro(str()),
		"location": str(), "managedBy": str(),
		"tags":       *spec.MapProperty(spec.StringProperty()),
		"properties": props,
	}
	return s
}

func addBuiltinResourceGroups(cat *catalogue) {
	for _, v := range builtinResourceGroupVersions {
		res := &loader.Resource{
			Group: "resources", APIVersion: v, Namespace: "Microsoft.Resources", Stable: true,
			ARMType: resourceGroupType, Segments: []string{"resourceGroups"}, Kind: "ResourceGroup",
			Scope: astmodel.ScopeSubscription, Path: "/subscriptions/{subscriptionId}/resourcegroups/{resourceGroupName}",
		}
		ops := &typeOps{hasGet: true, hasDelete: true, hasPatch: true, lro: map[string]bool{"DELETE": true},
			actions: map[string]*action{}, listable: true, body: resourceGroupSchema()}
		ops.response = ops.body
		ops.finish()
		cat.add(&typeVersion{res: res, ops: ops})
	}
}

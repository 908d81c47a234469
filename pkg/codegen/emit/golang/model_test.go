package golang

import "github.com/armgen/armgen/pkg/astmodel"

// testModel builds, by hand, a small run with every shape the emitter must handle: four API
// packages (one a storage twin), resources of each ownership style, enums, one-ofs, named
// slices, and properties of every nesting. base is the import path the packages live below.
func testModel(base string) astmodel.Definitions {
	network := astmodel.MakeAPIPackage(base, "network", "v1api20201101")
	networkStorage := network.StorageTwin()
	resources := astmodel.MakeAPIPackage(base, "resources", "v1api20200601")
	authorization := astmodel.MakeAPIPackage(base, "authorization", "v1api20220401")

	var defs []astmodel.Definition
	define := func(pkg astmodel.PackageReference, name, description string, t astmodel.Type) astmodel.TypeName {
		n := astmodel.MakeTypeName(pkg, name)
		defs = append(defs, astmodel.Definition{Name: n, Type: t, Description: description})
		return n
	}
	prop := func(name string, t astmodel.Type, description string) *astmodel.Property {
		return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t, Description: description}
	}
	required := func(p *astmodel.Property) *astmodel.Property { p.Required = true; return p }
	variant := func(p *astmodel.Property) *astmodel.Property { p.Variant = true; return p }
	optional := astmodel.NewOptional
	ptr := func(i int64) *int64 { return &i }
	fptr := func(f float64) *float64 { return &f }
	str := astmodel.StringType
	conditions := prop("Conditions", astmodel.ArrayType{Element: astmodel.ConditionType}, "The observed state of the resource.")
	owner := func(group, kind string) *astmodel.Property {
		p := prop("Owner", optional(astmodel.KnownResourceReferenceType),
			"The owner of the resource. The owner controls where the resource goes when it is deployed.")
		p.Tags = []astmodel.Tag{{Key: "group", Value: group}, {Key: "kind", Value: kind}}
		return required(p)
	}
	azureName := prop("AzureName", astmodel.NewValidated(str, astmodel.Validations{
		MinLength: ptr(2), MaxLength: ptr(64), Pattern: `^[-\w\._]+$`,
	}), "The name of the resource in Azure. This is often the same as the name of the resource in Kubernetes but it doesn't have to be.")

	// resources: the owner of resource group scoped resources, and a type other packages share.
	extendedLocationType := define(resources, "ExtendedLocationType", "The type of extendedLocation.",
		astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{{Identifier: "EdgeZone", Value: "EdgeZone"}}})
	extendedLocation := define(resources, "ExtendedLocation", "The complex type of the extended location.",
		astmodel.NewObjectType(
			prop("Name", optional(str), "The name of the extended location."),
			prop("Type", optional(extendedLocationType), "The type of the extended location.")))
	rgSpec := define(resources, "ResourceGroup_Spec", "", astmodel.NewObjectType(
		prop("AzureName", optional(str), "The name of the resource group in Azure."),
		required(prop("Location", str, "The location of the resource group. It cannot be changed after the resource group has been created.")),
		prop("Tags", astmodel.MapType{Key: str, Value: str}, "The tags attached to the resource group.")))
	rgStatus := define(resources, "ResourceGroup_STATUS", "", astmodel.NewObjectType(
		conditions,
		prop("Id", optional(str), "The ID of the resource group."),
		prop("ProvisioningState", optional(str), "The provisioning state.")))
	define(resources, "ResourceGroup", "Generator information:\n- Generated from: resources.json\n- ARM URI: /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}",
		&astmodel.ResourceType{
			Spec: rgSpec, Status: rgStatus, ARMType: "Microsoft.Resources/resourceGroups", APIVersion: "2020-06-01",
			Scope: astmodel.ScopeSubscription, IsStorageVersion: true,
		})

	// network: a resource group scoped resource and its child, with every kind of property.
	enforcement := define(network, "VirtualNetworkEncryption_Enforcement",
		"If the encrypted VNet allows VM that does not support encryption",
		astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{
			{Identifier: "AllowUnencrypted", Value: "AllowUnencrypted"},
			{Identifier: "DropUnencrypted", Value: "DropUnencrypted"},
		}})
	flowLogVersion := define(network, "FlowLogFormatParameters_Version", "The version (revision) of the flow log.",
		astmodel.EnumType{Base: astmodel.IntType, Values: []astmodel.EnumValue{
			{Identifier: "1", Value: "1"}, {Identifier: "2", Value: "2"},
		}})
	provisioningState := define(network, "ProvisioningState_STATUS", "The current provisioning state.",
		astmodel.EnumType{Base: str, Values: []astmodel.EnumValue{
			{Identifier: "Deleting", Value: "Deleting"}, {Identifier: "Failed", Value: "Failed"},
			{Identifier: "Succeeded", Value: "Succeeded"}, {Identifier: "Updating", Value: "Updating"},
		}})
	prefix := astmodel.NewValidated(str, astmodel.Validations{Pattern: `^[0-9./:a-f]+$`})
	addressSpace := define(network, "AddressSpace", "AddressSpace contains an array of IP address ranges that can be used by subnets of the virtual network.",
		astmodel.NewObjectType(
			prop("AddressPrefixes", astmodel.NewValidated(astmodel.ArrayType{Element: prefix}, astmodel.Validations{MinItems: ptr(1)}),
				"A list of address blocks reserved for this virtual network in CIDR notation.")))
	addressPrefixList := define(network, "AddressPrefixList", "Address prefixes in CIDR notation.",
		astmodel.ArrayType{Element: str})
	subResource := define(network, "SubResource", "Reference to another subresource.",
		astmodel.NewObjectType(prop("Reference", optional(astmodel.ResourceReferenceType), "Resource ID.")))
	subnet := define(network, "Subnet", "Subnet in a virtual network resource.",
		astmodel.NewObjectType(
			prop("AddressPrefixes", addressPrefixList, "List of address prefixes for the subnet."),
			prop("Name", optional(str), "The name of the resource that is unique within a resource group."),
			prop("NetworkSecurityGroup", optional(subResource), "The reference to the NetworkSecurityGroup resource.")))
	ipamDynamic := define(network, "IpamConfig_Dynamic", "", astmodel.NewObjectType(prop("Pool", optional(str), "")))
	ipamStatic := define(network, "IpamConfig_Static", "", astmodel.NewObjectType(prop("Range", optional(str), "")))
	ipam := define(network, "IpamConfig", "How addresses are managed; exactly one variant applies.",
		(&astmodel.ObjectType{OneOf: true}).WithProperties(
			variant(prop("Dynamic", optional(ipamDynamic), "Addresses come from a pool.")),
			variant(prop("Static", optional(ipamStatic), "Addresses are fixed."))))

	vnetSpec := define(network, "VirtualNetwork_Spec", "", astmodel.NewObjectType(
		prop("AddressSpace", optional(addressSpace), "The AddressSpace that contains an array of IP address ranges that can be used by subnets."),
		prop("AlternativeSpaces", astmodel.MapType{Key: str, Value: addressSpace}, "Address spaces by name."),
		azureName,
		prop("DnsServersByZone", astmodel.MapType{Key: str, Value: astmodel.ArrayType{Element: str}}, "DNS servers by availability zone."),
		prop("EnableDdosProtection", optional(astmodel.BoolType), "Indicates if DDoS protection is enabled for all the protected resources in the virtual network."),
		prop("EncryptionEnforcement", optional(enforcement), "If the encrypted VNet allows VM that does not support encryption."),
		prop("ExtendedLocation", optional(extendedLocation), "The extended location of the virtual network."),
		prop("Extensions", astmodel.MapType{Key: str, Value: astmodel.JSONType}, "Free-form settings, kept as JSON."),
		prop("ExtraPrefixes", astmodel.OptionalType{Element: astmodel.ArrayType{Element: str}}, "A pointer to a list, which only hand-written models produce."),
		required(prop("FlowTimeoutInMinutes", astmodel.NewValidated(astmodel.IntType, astmodel.Validations{
			Minimum: fptr(4), Maximum: fptr(30),
		}), "The FlowTimeout value (in minutes) for the Virtual Network")),
		prop("FlowLogVersion", optional(flowLogVersion), "The version of the flow log format."),
		prop("Ipam", optional(ipam), "Address management."),
		prop("Labels", astmodel.MapType{Key: str, Value: astmodel.MapType{Key: str, Value: str}}, "Labels by scope."),
		prop("Location", optional(astmodel.NewValidated(str, astmodel.Validations{MaxLength: ptr(90)})), "Resource location."),
		owner("resources.azure.com", "ResourceGroup"),
		prop("PeeringWeights", astmodel.MapType{Key: str, Value: optional(astmodel.IntType)}, "Relative weights of peerings; a missing weight means the default."),
		prop("PrefixGroups", astmodel.ArrayType{Element: astmodel.ArrayType{Element: str}}, "Groups of address prefixes."),
		prop("Priority", optional(astmodel.FloatType), "A number, to cover floats."),
		prop("RouteTables", astmodel.ArrayType{Element: optional(subResource)}, "Route tables, where an entry may be missing."),
		prop("SharedKey", optional(astmodel.SecretReferenceType), "The shared key, read from a Kubernetes secret."),
		prop("Subnets", astmodel.ArrayType{Element: subnet}, "A list of subnets in a Virtual Network."),
		prop("Tags", astmodel.MapType{Key: str, Value: str}, "Resource tags."),
		prop("Zones", astmodel.ArrayType{Element: astmodel.NewValidated(str, astmodel.Validations{MaxLength: ptr(3)})}, "Availability zones."),
	))
	addressSpaceStatus := define(network, "AddressSpace_STATUS", "", astmodel.NewObjectType(
		prop("AddressPrefixes", astmodel.ArrayType{Element: str}, "")))
	vnetStatus := define(network, "VirtualNetwork_STATUS", "", astmodel.NewObjectType(
		prop("AddressSpace", optional(addressSpaceStatus), "The AddressSpace that contains an array of IP address ranges that can be used by subnets."),
		conditions,
		prop("Id", optional(str), "Resource ID."),
		prop("ProvisioningState", optional(provisioningState), "The provisioning state of the virtual network resource."),
	))
	define(network, "VirtualNetwork", "Generator information:\n- Generated from: network/virtualNetwork.json\n- ARM URI: /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Network/virtualNetworks/{virtualNetworkName}",
		&astmodel.ResourceType{
			Spec: vnetSpec, Status: vnetStatus, ARMType: "Microsoft.Network/virtualNetworks", APIVersion: "2020-11-01",
			Scope: astmodel.ScopeResourceGroup, OwnerGroup: "resources.azure.com", OwnerKind: "ResourceGroup",
		})
	subnetSpec := define(network, "VirtualNetworksSubnet_Spec", "", astmodel.NewObjectType(
		prop("AddressPrefix", optional(str), "The address prefix for the subnet."),
		azureName,
		owner("network.azure.com", "VirtualNetwork"),
		prop("NetworkSecurityGroup", optional(subResource), "The reference to the NetworkSecurityGroup resource."),
	))
	subnetStatus := define(network, "VirtualNetworksSubnet_STATUS", "", astmodel.NewObjectType(
		conditions, prop("Id", optional(str), "Resource ID.")))
	define(network, "VirtualNetworksSubnet", "",
		&astmodel.ResourceType{
			Spec: subnetSpec, Status: subnetStatus, ARMType: "Microsoft.Network/virtualNetworks/subnets", APIVersion: "2020-11-01",
			Scope: astmodel.ScopeResourceGroup, OwnerGroup: "network.azure.com", OwnerKind: "VirtualNetwork",
		})
	// Reached by no resource, so they land in types_gen.go.
	define(network, "DnsLabel", "A DNS label.", astmodel.NewValidated(str, astmodel.Validations{MaxLength: ptr(63), Pattern: "^[a-z0-9-]+$"}))
	define(network, "NetworkFeatureFlags", "Feature flags by name.", astmodel.NewObjectType(
		prop("Flags", astmodel.PropertyBagType, "The flags.")))

	// network storage: the storage twin of the network resource.
	storageSpec := define(networkStorage, "VirtualNetwork_Spec", "Storage version of v1api20201101.VirtualNetwork_Spec", astmodel.NewObjectType(
		prop("AzureName", str, ""),
		prop("Location", optional(str), ""),
		prop("Owner", optional(astmodel.KnownResourceReferenceType), ""),
		prop("PropertyBag", astmodel.PropertyBagType, ""),
	))
	storageStatus := define(networkStorage, "VirtualNetwork_STATUS", "Storage version of v1api20201101.VirtualNetwork_STATUS", astmodel.NewObjectType(
		conditions, prop("Id", optional(str), ""), prop("PropertyBag", astmodel.PropertyBagType, "")))
	define(networkStorage, "VirtualNetwork", "Storage version of v1api20201101.VirtualNetwork",
		&astmodel.ResourceType{
			Spec: storageSpec, Status: storageStatus, ARMType: "Microsoft.Network/virtualNetworks", APIVersion: "2020-11-01",
			Scope: astmodel.ScopeResourceGroup, OwnerGroup: "resources.azure.com", OwnerKind: "ResourceGroup", IsStorageVersion: true,
		})

	// authorization: an extension resource, which any resource may own, and a singleton.
	raSpec := define(authorization, "RoleAssignment_Spec", "", astmodel.NewObjectType(
		azureName,
		required(prop("Owner", optional(astmodel.ArbitraryOwnerReferenceType), "The resource the role assignment applies to.")),
		prop("PrincipalId", optional(str), "The principal ID."),
		required(prop("RoleDefinitionReference", optional(astmodel.ResourceReferenceType), "The role definition ID.")),
	))
	raStatus := define(authorization, "RoleAssignment_STATUS", "", astmodel.NewObjectType(
		conditions, prop("Id", optional(str), "")))
	define(authorization, "RoleAssignment", "Role Assignments",
		&astmodel.ResourceType{
			Spec: raSpec, Status: raStatus, ARMType: "Microsoft.Authorization/roleAssignments", APIVersion: "2022-04-01",
			Scope: astmodel.ScopeExtension,
		})
	settingSpec := define(authorization, "ProviderSetting_Spec", "", astmodel.NewObjectType(
		prop("Enabled", optional(astmodel.BoolType), "Whether the setting is on.")))
	settingStatus := define(authorization, "ProviderSetting_STATUS", "", astmodel.NewObjectType(conditions))
	define(authorization, "ProviderSetting", "",
		&astmodel.ResourceType{
			Spec: settingSpec, Status: settingStatus, ARMType: "Microsoft.Authorization/providerSettings", APIVersion: "2022-04-01",
			Scope: astmodel.ScopeSubscription, FixedAzureName: "default",
		})

	return astmodel.Definitions{}.With(defs...)
}

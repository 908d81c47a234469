package genruntime

// ResourceScope: Where in the ARM hierarchy a resource lives, which decides how its ARM ID is built from its owner.
type ResourceScope string

const (
	// ResourceScopeResourceGroup is for resources inside a resource group.
	ResourceScopeResourceGroup ResourceScope = "resourcegroup"
	// ResourceScopeSubscription is for resources directly under a subscription, including resource groups themselves.
	ResourceScopeSubscription ResourceScope = "subscription"
	// ResourceScopeTenant is for resources directly under the tenant, such as subscription aliases.
	ResourceScopeTenant ResourceScope = "tenant"
	// ResourceScopeManagementGroup is for resources under a management group.
	ResourceScopeManagementGroup ResourceScope = "managementgroup"
	// ResourceScopeExtension is for resources that attach to another resource of any type, such as role assignments.
	ResourceScopeExtension ResourceScope = "extension"
)

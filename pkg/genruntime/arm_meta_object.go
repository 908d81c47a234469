package genruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// ARMMetaObject: The interface every generated Azure resource implements, so that one generic reconciler can drive them all.
// +kubebuilder:object:generate=false
type ARMMetaObject interface {
	client.Object
	conditions.Conditioner

	// AzureName returns the name of the resource in Azure, which may differ from its Kubernetes name.
	AzureName() string

	// Owner returns the resource this one lives under, or nil when it has none.
	Owner() *ResourceReference

	// GetType returns the ARM resource type, such as Microsoft.Network/virtualNetworks.
	GetType() string

	// GetAPIVersion returns the ARM api-version used to talk to Azure, such as 2020-11-01.
	GetAPIVersion() string

	// GetResourceScope returns where in the ARM hierarchy the resource lives.
	GetResourceScope() ResourceScope
}

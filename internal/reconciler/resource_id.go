package reconciler

import (
	"fmt"
	"strings"

	"github.com/armgen/armgen/pkg/genruntime"
)

const resourceGroupType = "Microsoft.Resources/resourceGroups"

// place says where a resource lives in ARM: what ResourceID needs beside the resource's own type
// and name.
type place struct {
	scope genruntime.ResourceScope
	// ownerID and ownerType are the ARM ID and type of the owner; empty for none.
	ownerID, ownerType string
	// subscription is the credential's, for resources that live directly in a subscription.
	subscription string
}

// resourceID builds the ARM ID of a resource of armType named name. A child of its owner's type
// (virtualNetworks/subnets under virtualNetworks) continues the owner's ID; anything else under
// an owner is a provider resource of it (a resource group's vnet, a role assignment on a
// storage account); without an owner the scope decides.
func resourceID(armType, name string, at place) (string, error) {
	if name == "" {
		return "", fmt.Errorf("%s has no name", armType)
	}
	if strings.EqualFold(armType, resourceGroupType) {
		if at.subscription == "" {
			return "", fmt.Errorf("a resource group needs a subscription: the credential has none")
		}
		return "/subscriptions/" + at.subscription + "/resourceGroups/" + name, nil
	}
	if at.ownerID != "" {
		if rest, ok := childSegments(at.ownerType, armType); ok {
			return strings.TrimSuffix(at.ownerID, "/") + "/" + rest + "/" + name, nil
		}
		return strings.TrimSuffix(at.ownerID, "/") + "/providers/" + armType + "/" + name, nil
	}
	switch at.scope {
	case genruntime.ResourceScopeSubscription:
		if at.subscription == "" {
			return "", fmt.Errorf("%s lives in a subscription: the credential has none", armType)
		}
		return "/subscriptions/" + at.subscription + "/providers/" + armType + "/" + name, nil
	case genruntime.ResourceScopeTenant:
		return "/providers/" + armType + "/" + name, nil
	default:
		return "", fmt.Errorf("%s (scope %s) needs an owner", armType, at.scope)
	}
}

// childSegments returns the type segments of child below parent (subnets for
// Microsoft.Network/virtualNetworks/subnets under Microsoft.Network/virtualNetworks).
func childSegments(parent, child string) (string, bool) {
	if parent == "" || len(child) <= len(parent)+1 || !strings.EqualFold(child[:len(parent)], parent) || child[len(parent)] != '/' {
		return "", false
	}
	return child[len(parent)+1:], true
}

// armTypeOf returns the resource type an ARM ID names: Microsoft.Network/virtualNetworks/subnets
// for .../providers/Microsoft.Network/virtualNetworks/vn/subnets/sn; "" for no ARM ID.
func armTypeOf(id string) string {
	parsed, err := genruntime.ParseARMID(id)
	if err != nil {
		return ""
	}
	return parsed.ResourceType.String()
}

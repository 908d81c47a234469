// Package authorization holds the authorization kinds' own behaviour, which their swagger cannot
// express.
package authorization

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"

	"github.com/armgen/armgen/internal/reconciler"
)

// roleDefinitionsAPIVersion is the api-version role definitions are listed at: the stable one
// every Azure cloud serves (and the one the corpus declares the list in).
const roleDefinitionsAPIVersion = "2015-07-01"

// BuiltInRoleName lets a role assignment name a built-in role by its name (Reader, Contributor),
// as an ASO manifest does with roleDefinitionReference.wellKnownName: the generated ConvertToARM
// sends the name as roleDefinitionId, and before each PUT this replaces it with the ID of the
// built-in role of that name, in any case, found in the role definitions of the assignment's
// subscription (as Azure Service Operator resolves it; see azure-arm.yaml). A name that is no
// built-in role is refused here, naming it, rather than sent for Azure to refuse less clearly.
type BuiltInRoleName struct{}

var _ reconciler.PutModifier = BuiltInRoleName{}

// roleDefinition is what a list of role definitions says of each.
type roleDefinition struct {
	ID         string `json:"id"`
	Properties struct {
		RoleName string `json:"roleName"`
		Type     string `json:"type"`
	} `json:"properties"`
}

// ModifyPut implements reconciler.PutModifier.
func (BuiltInRoleName) ModifyPut(ctx context.Context, put *reconciler.Put) error {
	props, _ := put.Body["properties"].(map[string]any)
	name, _ := props["roleDefinitionId"].(string)
	if name == "" || strings.HasPrefix(name, "/") {
		return nil // an ARM ID, from armId or a Kubernetes reference
	}
	scope := ""
	if id, err := arm.ParseResourceID(put.ID); err == nil && id.SubscriptionID != "" {
		scope = "/subscriptions/" + id.SubscriptionID
	}
	items, err := put.ARM.List(ctx, scope+"/providers/Microsoft.Authorization/roleDefinitions", roleDefinitionsAPIVersion)
	if err != nil {
		return fmt.Errorf("listing role definitions to find the built-in role %q: %w", name, err)
	}
	for _, raw := range items {
		var d roleDefinition
		if err := json.Unmarshal(raw, &d); err != nil {
			return fmt.Errorf("listing role definitions to find the built-in role %q: %w", name, err)
		}
		if d.Properties.Type == "BuiltInRole" && strings.EqualFold(d.Properties.RoleName, name) && d.ID != "" {
			props["roleDefinitionId"] = d.ID
			return nil
		}
	}
	return &reconciler.RefusedError{Reason: "RoleDefinitionNotFound", Message: fmt.Sprintf(
		"roleDefinitionReference.wellKnownName %q is not the name of a built-in role in %s; use a built-in role's name (such as Reader), or name a custom role by armId or by group, kind and name",
		name, orTenant(scope))}
}

func orTenant(scope string) string {
	if scope == "" {
		return "the tenant"
	}
	return scope
}

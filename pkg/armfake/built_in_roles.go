package armfake

import (
	"strings"
)

const roleDefinitionType = "Microsoft.Authorization/roleDefinitions"

// builtInRoles are role definitions Azure holds in every subscription without anyone creating
// them: a list of role definitions in any scope answers them beside the custom ones, as Azure's
// does, so a client that finds a built-in role by name (a role assignment's roleDefinitionReference
// by wellKnownName) finds it here too. Names and IDs are Azure's, from its list of built-in roles
// (learn.microsoft.com/azure/role-based-access-control/built-in-roles); a few of the most used.
var builtInRoles = []struct{ name, id string }{
	{"Owner", "8e3af657-a8ff-443c-a75c-2fe8c4bcb635"},
	{"Contributor", "b24988ac-6180-42a0-ab88-20f7382dd24c"},
	{"Reader", "acdd72a7-3385-48ef-bd42-f606fba81ae7"},
	{"User Access Administrator", "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9"},
	{"Storage Blob Data Contributor", "ba92f5b4-2d11-453d-a403-e96b0029c9fe"},
	{"Storage Blob Data Reader", "2a2b9908-6ea1-4ae2-8e65-a410df84e7d1"},
	{"AcrPull", "7f951dda-4ed3-4680-a7ca-43fe172d538d"},
	{"Key Vault Secrets User", "4633458b-17de-408a-b874-0445c86b69e6"},
}

// builtInRoleItems are the built-in roles as a list of role definitions in scope answers them:
// Azure gives each the ID of the role in the subscription listed (a tenant-level ID elsewhere).
func builtInRoleItems(armType, scope string) []any {
	if !strings.EqualFold(armType, roleDefinitionType) {
		return nil
	}
	prefix := ""
	if p := parsePath(scope+"/providers/"+roleDefinitionType, "GET"); p.subscription != "" {
		prefix = "/subscriptions/" + p.subscription
	}
	out := make([]any, 0, len(builtInRoles))
	for _, r := range builtInRoles {
		out = append(out, map[string]any{
			"id": prefix + "/providers/" + roleDefinitionType + "/" + r.id, "name": r.id, "type": roleDefinitionType,
			"properties": map[string]any{
				"roleName": r.name, "type": "BuiltInRole", "assignableScopes": []any{"/"},
				"permissions": []any{},
			},
		})
	}
	return out
}

package armfake

import "testing"

// TestRoleDefinitionsListBuiltInRoles: a list of a subscription's role definitions answers
// Azure's built-in roles with their real IDs in that subscription beside the custom ones, as
// Azure's does, so a client can find a built-in role by name.
func TestRoleDefinitionsListBuiltInRoles(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "authorization"}, LROPolls: -1})
	const api = "?api-version=2015-07-01"
	custom := sub + "/providers/Microsoft.Authorization/roleDefinitions/0f3b0e8e-0000-0000-0000-000000000001"
	expect(t, call(t, s, "PUT", custom+api, map[string]any{"properties": map[string]any{
		"roleName": "my role", "type": "CustomRole", "assignableScopes": []any{sub}, "permissions": []any{}}}), 201, "")

	r := call(t, s, "GET", sub+"/providers/Microsoft.Authorization/roleDefinitions"+api, nil)
	expect(t, r, 200, "")
	byName := map[string]string{}
	for _, v := range r.body["value"].([]any) {
		item := v.(map[string]any)
		props := item["properties"].(map[string]any)
		byName[props["roleName"].(string)+"/"+props["type"].(string)] = item["id"].(string)
	}
	if got, want := byName["Reader/BuiltInRole"], sub+"/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"; got != want {
		t.Errorf("Reader: %q, want %q (in %v)", got, want, byName)
	}
	if got := byName["my role/CustomRole"]; got != custom {
		t.Errorf("the custom role: %q, want %q", got, custom)
	}
}

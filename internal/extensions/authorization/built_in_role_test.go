package authorization

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
)

const (
	sub        = "/subscriptions/00000000-0000-0000-0000-000000000001"
	assignment = sub + "/resourceGroups/rg1/providers/Microsoft.Authorization/roleAssignments/6a2f4c0e-8a61-4c55-9f7e-7d1c3c1a2b3d"
)

// fakeARM is armfake serving the authorization types, and an ARM client of it.
func fakeARM(t *testing.T) *armclient.Client {
	t.Helper()
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: testspecs.Root(t), Groups: []string{"resources", "authorization"},
		Clients: map[string]armfake.Client{"app": {Secret: "s3cret"}}})
	cred, err := azidentity.NewClientSecretCredential(srv.TenantID(), "app", "s3cret", &azidentity.ClientSecretCredentialOptions{
		ClientOptions:            azcore.ClientOptions{Cloud: cloud.Configuration{ActiveDirectoryAuthorityHost: srv.AuthorityHost()}, Transport: srv.Client()},
		DisableInstanceDiscovery: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := armclient.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	c, err := armclient.New(cred, armclient.Options{Endpoint: srv.URL(), Transport: srv.Client(), Metrics: m,
		Retry: policy.RetryOptions{MaxRetries: 1, RetryDelay: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestBuiltInRoleNameBecomesItsID: a role assignment naming a built-in role (ASO's
// roleDefinitionReference.wellKnownName, in any case) is sent with that role's ID in the
// assignment's subscription; an ID is left as it is; a name no built-in role has is refused,
// naming it, before anything reaches Azure.
func TestBuiltInRoleNameBecomesItsID(t *testing.T) {
	arm := fakeARM(t)
	reader := sub + "/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"
	custom := sub + "/providers/Microsoft.Authorization/roleDefinitions/0f3b0e8e-0000-0000-0000-000000000001"
	cases := []struct{ name, sent, want, wantErr string }{
		{"a built-in role's name", "Reader", reader, ""},
		{"in another case", "reader", reader, ""},
		{"an ID", custom, custom, ""},
		{"no such role", "Readerr", "", "RoleDefinitionNotFound"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			put := &reconciler.Put{ID: assignment, APIVersion: "2020-08-01-preview", ARM: arm,
				Body:  map[string]any{"properties": map[string]any{"roleDefinitionId": c.sent, "principalId": "p"}},
				Event: func(string, string) {}}
			err := BuiltInRoleName{}.ModifyPut(context.Background(), put)
			if c.wantErr != "" {
				var refused *reconciler.RefusedError
				if !errors.As(err, &refused) || refused.Reason != c.wantErr || !strings.Contains(refused.Message, c.sent) {
					t.Fatalf("got %v, want a refusal %s naming %q", err, c.wantErr, c.sent)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := put.Body["properties"].(map[string]any)["roleDefinitionId"]; got != c.want {
				t.Errorf("roleDefinitionId sent %v, want %s", got, c.want)
			}
		})
	}
}

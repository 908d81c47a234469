package keyvault

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	azarm "github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
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
	sub     = "/subscriptions/00000000-0000-0000-0000-000000000001"
	rgAPI   = "2021-04-01"
	kvAPI   = "2019-09-01"
	vault   = sub + "/resourceGroups/rg1/providers/Microsoft.KeyVault/vaults/kv1"
	deleted = sub + "/providers/Microsoft.KeyVault/locations/westus2/deletedVaults/kv1"
)

// fake is armfake serving resource groups and key vaults, and an ARM client of it.
func fake(t *testing.T) (*armfake.Server, *armclient.Client) {
	t.Helper()
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: testspecs.Root(t), Groups: []string{"resources", "keyvault"},
		LROPolls: 1, RetryAfter: 5 * time.Millisecond, Clients: map[string]armfake.Client{"app": {Secret: "s3cret"}}})
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
	return srv, c
}

// putAndWait PUTs body to id and follows the operation to its end.
func putAndWait(t *testing.T, c *armclient.Client, id, apiVersion string, body any) error {
	t.Helper()
	p, err := c.BeginCreateOrUpdate(context.Background(), id, apiVersion, body)
	if err != nil {
		return err
	}
	for !p.Done() {
		time.Sleep(5 * time.Millisecond)
		if done, _, err := p.Poll(context.Background()); done {
			return err
		}
	}
	return p.Result(nil)
}

func mustRequest(t *testing.T, method, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

func vaultBody(createMode string) map[string]any {
	return map[string]any{"location": "West US 2", "properties": map[string]any{
		"createMode": createMode, "tenantId": "00000000-0000-0000-0000-000000000000",
		"sku": map[string]any{"family": "A", "name": "standard"}}}
}

// TestVaultCreateMode: createOrRecover and purgeThenCreate become a createMode Azure knows,
// chosen from what Key Vault holds, and the body modified is one Azure then accepts.
func TestVaultCreateMode(t *testing.T) {
	cases := []struct {
		name string
		// deletedFrom is the resource group a vault kv1 was deleted from, "" for none.
		deletedFrom string
		mode        string
		location    string
		// wantMode is the createMode sent; wantErr, a refusal's reason.
		wantMode, wantErr string
		// wantEvent is the reason of the Event it records, "" for none.
		wantEvent string
		// wantDeleted says a soft-deleted kv1 is still there after the PUT.
		wantDeleted bool
		// purging starts a purge of the deleted vault first, as an operator stopped midway did.
		purging bool
	}{
		{name: "default is left alone, deleted vault or not", deletedFrom: "rg1", mode: "default", wantMode: "default", wantErr: "ConflictError", wantDeleted: true},
		{name: "createOrRecover with nothing deleted creates", mode: CreateOrRecover, wantMode: "default"},
		{name: "createOrRecover recovers the deleted vault", deletedFrom: "rg1", mode: CreateOrRecover, wantMode: "recover", wantEvent: "RecoveringVault"},
		{name: "createOrRecover refuses a vault deleted from another group", deletedFrom: "rg2", mode: CreateOrRecover, wantErr: "SoftDeletedVaultInAnotherResourceGroup", wantDeleted: true},
		{name: "purgeThenCreate purges the deleted vault", deletedFrom: "rg1", mode: PurgeThenCreate, wantMode: "default", wantEvent: "PurgedVault"},
		{name: "purgeThenCreate never purges a vault deleted from another group", deletedFrom: "rg2", mode: PurgeThenCreate, wantErr: "SoftDeletedVaultInAnotherResourceGroup", wantDeleted: true},
		{name: "purgeThenCreate with nothing deleted creates", mode: PurgeThenCreate, wantMode: "default"},
		{name: "purgeThenCreate joins a purge begun before a restart", deletedFrom: "rg1", purging: true, mode: PurgeThenCreate, wantMode: "default", wantEvent: "PurgedVault"},
		{name: "createOrRecover while a purge runs waits for Azure", deletedFrom: "rg1", purging: true, mode: CreateOrRecover, wantMode: "recover", wantErr: "ConflictError", wantEvent: "RecoveringVault", wantDeleted: true},
		{name: "no location", mode: CreateOrRecover, location: "-", wantErr: "InvalidSpec"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, arm := fake(t)
			for _, rg := range []string{"rg1", "rg2"} {
				if err := putAndWait(t, arm, sub+"/resourceGroups/"+rg, rgAPI, map[string]any{"location": "westus2"}); err != nil {
					t.Fatal(err)
				}
			}
			if c.deletedFrom != "" {
				was := strings.Replace(vault, "/rg1/", "/"+c.deletedFrom+"/", 1)
				if err := putAndWait(t, arm, was, kvAPI, vaultBody("default")); err != nil {
					t.Fatal(err)
				}
				if _, err := arm.BeginDelete(context.Background(), was, kvAPI); err != nil {
					t.Fatal(err)
				}
				if c.purging {
					// Begun, never followed: the purge is still running (LROPolls: 1).
					resp, err := srv.Client().Do(mustRequest(t, "POST", srv.URL()+deleted+"/purge?api-version="+kvAPI))
					if err != nil {
						t.Fatal(err)
					}
					resp.Body.Close()
					if resp.StatusCode != http.StatusAccepted {
						t.Fatalf("purge: %s", resp.Status)
					}
				}
			}
			body := vaultBody(c.mode)
			if c.location == "-" {
				delete(body, "location")
			}
			var events []string
			put := &reconciler.Put{ID: vault, APIVersion: kvAPI, Body: body, ARM: arm,
				Event: func(reason, _ string) { events = append(events, reason) }}
			err := VaultCreateMode{}.ModifyPut(context.Background(), put)
			var refused *reconciler.RefusedError
			switch {
			case c.wantErr != "" && c.wantMode == "":
				if !errors.As(err, &refused) || refused.Reason != c.wantErr {
					t.Fatalf("got %v, want a refusal %s", err, c.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			default:
				if got := body["properties"].(map[string]any)["createMode"]; got != c.wantMode {
					t.Errorf("createMode %v, want %s", got, c.wantMode)
				}
				// What is sent is what Azure takes (or, for default over a deleted vault, what
				// Key Vault refuses: the reason createOrRecover exists).
				err := putAndWait(t, arm, vault, kvAPI, body)
				if c.wantErr == "" && err != nil {
					t.Errorf("the PUT of the modified body: %v", err)
				}
				if c.wantErr != "" && (err == nil || armclient.Classify(err).Code != c.wantErr) {
					t.Errorf("the PUT of the modified body: %v, want %s", err, c.wantErr)
				}
			}
			if got := strings.Join(events, ","); got != c.wantEvent {
				t.Errorf("events %q, want %q", got, c.wantEvent)
			}
			var d json.RawMessage
			err = arm.GetByID(context.Background(), deleted, kvAPI, &d)
			if still := err == nil; still != c.wantDeleted {
				t.Errorf("soft-deleted vault there after: %v (%v), want %v", still, err, c.wantDeleted)
			}
			for _, r := range srv.Requests() {
				if strings.Contains(r.Body, CreateOrRecover) || strings.Contains(r.Body, PurgeThenCreate) {
					t.Errorf("%s %s sent %s", r.Method, r.Path, r.Body)
				}
			}
		})
	}
}

// TestDeletedVaultOfUnknownOriginIsLeftAlone: a soft-deleted vault whose vaultId Key Vault does
// not give may be another group's, so neither mode recovers or purges it.
func TestDeletedVaultOfUnknownOriginIsLeftAlone(t *testing.T) {
	id, err := azarm.ParseResourceID(vault)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{CreateOrRecover, PurgeThenCreate} {
		var refused *reconciler.RefusedError
		if err := deletedFromHere(mode, id, deletedVault{}); !errors.As(err, &refused) || refused.Reason != "SoftDeletedVaultOfUnknownOrigin" ||
			!strings.Contains(refused.Message, mode) {
			t.Errorf("%s over a deleted vault without vaultId: %v, want a refusal SoftDeletedVaultOfUnknownOrigin naming the mode", mode, err)
		}
	}
}

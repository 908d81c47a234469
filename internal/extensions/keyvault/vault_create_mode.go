// Package keyvault holds the Key Vault kinds' own behaviour, which their swagger cannot express.
package keyvault

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/reconciler"

	"github.com/armgen/armgen/pkg/genruntime"
)

// The createMode values a Vault accepts beyond Azure's default and recover, as in Azure Service
// Operator (its keyvault.yaml adds them to the enum; $additionalEnumValues in azure-arm.yaml
// here). Azure never sees them: VaultCreateMode sends recover or default instead.
const (
	CreateOrRecover = "createOrRecover"
	PurgeThenCreate = "purgeThenCreate"

	createModeDefault = "default"
	createModeRecover = "recover"
)

// VaultCreateMode lets a vault goal-seek past Key Vault's soft delete: a deleted vault keeps its
// name for its retention period (90 days by default), so a vault deleted and applied again
// would be refused. Before each PUT:
//   - createOrRecover: recover the soft-deleted vault of the name in the location, if there
//     is one (in the same resource group: a deleted vault of another group is an error), else
//     create it as usual;
//   - purgeThenCreate: purge the soft-deleted vault of the name, if there is one, and wait for
//     the purge, then create a new vault.
//
// Either acts only on a soft-deleted vault that was deleted from this resource's own ID (its
// subscription, resource group and name). Names are unique across a subscription's resource
// groups, so the deleted vault of the name in the location may be another team's, from a group
// this resource's namespace was never meant to reach: recovering it would bring it back there,
// and purging it would destroy its keys for good. Both are refused, naming where it was.
//
// It decides from what Azure holds at each PUT, so a restart midway (a purge begun, not
// finished) decides again; a second purge of a vault being purged joins the first.
type VaultCreateMode struct{}

var _ reconciler.PutModifier = VaultCreateMode{}

// ModifyPut implements reconciler.PutModifier.
func (VaultCreateMode) ModifyPut(ctx context.Context, put *reconciler.Put) error {
	props, _ := put.Body["properties"].(map[string]any)
	mode, _ := props["createMode"].(string)
	if mode != CreateOrRecover && mode != PurgeThenCreate {
		return nil
	}
	id, err := arm.ParseResourceID(put.ID)
	if err != nil {
		return fmt.Errorf("the vault's resource ID %q: %w", put.ID, err)
	}
	location, _ := put.Body["location"].(string)
	if location == "" {
		return &reconciler.RefusedError{Reason: "InvalidSpec",
			Message: fmt.Sprintf("createMode %s needs spec.location: a soft-deleted vault is found by its location", mode)}
	}
	deletedID := fmt.Sprintf("/subscriptions/%s/providers/Microsoft.KeyVault/locations/%s/deletedVaults/%s",
		id.SubscriptionID, normaliseLocation(location), id.Name)
	deleted, found, err := getDeleted(ctx, put, deletedID)
	if err != nil {
		return err
	}
	if found {
		if err := deletedFromHere(mode, id, deleted); err != nil {
			return err
		}
	}
	switch mode {
	case CreateOrRecover:
		props["createMode"] = createModeDefault
		if found {
			props["createMode"] = createModeRecover
			put.Event("RecoveringVault", fmt.Sprintf("createMode createOrRecover: recovering the soft-deleted vault %s in %s", id.Name, location))
		}
	case PurgeThenCreate:
		if found {
			// The purge is long-running; PostAction follows it to the end, so the PUT below
			// finds the name free.
			if err := put.ARM.PostAction(ctx, deletedID, "purge", put.APIVersion, nil, nil); err != nil {
				return err
			}
			put.Event("PurgedVault", fmt.Sprintf("createMode purgeThenCreate: purged the soft-deleted vault %s in %s", id.Name, location))
		}
		props["createMode"] = createModeDefault
	}
	return nil
}

// deletedVault is what Key Vault says of a soft-deleted vault (DeletedVault in its swagger).
type deletedVault struct {
	Properties struct {
		VaultID string `json:"vaultId"`
	} `json:"properties"`
}

// getDeleted reads the soft-deleted vault at deletedID; found is false when there is none.
func getDeleted(ctx context.Context, put *reconciler.Put, deletedID string) (deletedVault, bool, error) {
	var d deletedVault
	err := put.ARM.GetByID(ctx, deletedID, put.APIVersion, &d)
	switch {
	case armclient.IsNotFound(err):
		return d, false, nil
	case err != nil:
		return d, false, err
	}
	return d, true, nil
}

// deletedFromHere refuses a soft-deleted vault that was not deleted from id: Key Vault would
// recover it where it was, not where the spec says, and a purge would destroy a vault this
// resource never made. A deleted vault that does not say where it was is refused too: both
// actions reach beyond this resource unless that is known.
func deletedFromHere(mode string, id *arm.ResourceID, deleted deletedVault) error {
	if deleted.Properties.VaultID == "" {
		return &reconciler.RefusedError{Reason: "SoftDeletedVaultOfUnknownOrigin", Message: fmt.Sprintf(
			"createMode %s: Key Vault does not say which resource group the soft-deleted vault %s was in, so it is left alone; recover or purge it yourself, or use createMode default",
			mode, id.Name)}
	}
	was, err := arm.ParseResourceID(deleted.Properties.VaultID)
	if err != nil {
		return fmt.Errorf("the soft-deleted vault's vaultId %q: %w", deleted.Properties.VaultID, err)
	}
	if !strings.EqualFold(was.SubscriptionID, id.SubscriptionID) || !strings.EqualFold(was.ResourceGroupName, id.ResourceGroupName) ||
		!strings.EqualFold(was.Name, id.Name) {
		return &reconciler.RefusedError{Reason: "SoftDeletedVaultInAnotherResourceGroup", Message: fmt.Sprintf(
			"createMode %s: the soft-deleted vault %s was in resource group %s, not %s; it is not this resource's to %s: recover or purge it there, or choose another name",
			mode, id.Name, was.ResourceGroupName, id.ResourceGroupName, verbOf(mode))}
	}
	return nil
}

// verbOf is what mode would do to a soft-deleted vault.
func verbOf(mode string) string {
	if mode == PurgeThenCreate {
		return "purge"
	}
	return "recover"
}

// normaliseLocation is a location as ARM writes it in IDs ("West US 2" is westus2).
func normaliseLocation(l string) string {
	return genruntime.LocationName(l)
}

// Package extensions lists the kinds' own behaviour, beyond what the generic reconciler derives
// from the swagger, for the operator to register.
package extensions

import (
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/extensions/authorization"
	"github.com/armgen/armgen/internal/extensions/keyvault"
	"github.com/armgen/armgen/internal/reconciler"
)

// PutModifiers are the kinds' reconciler.PutModifiers, by group and kind (every API version).
func PutModifiers() map[schema.GroupKind]reconciler.PutModifier {
	return map[schema.GroupKind]reconciler.PutModifier{
		{Group: "keyvault.azure.com", Kind: "Vault"}:               keyvault.VaultCreateMode{},
		{Group: "authorization.azure.com", Kind: "RoleAssignment"}: authorization.BuiltInRoleName{},
	}
}

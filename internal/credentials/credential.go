package credentials

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"k8s.io/apimachinery/pkg/types"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Kind is how a credential proves who it is.
type Kind string

const (
	KindClientSecret      Kind = "ClientSecret"
	KindClientCertificate Kind = "ClientCertificate"
	KindWorkloadIdentity  Kind = "WorkloadIdentity"
)

// Credential is the identity a resource acts with.
type Credential struct {
	// Name is the Secret's namespace/name, or GlobalName for the global credential.
	Name string
	// Secret is where the credential was read from; empty when it came from the environment.
	Secret types.NamespacedName
	// Version is the Secret's resourceVersion ("" for the environment), so that a changed
	// Secret is a different credential.
	Version string

	SubscriptionID string
	TenantID       string
	ClientID       string
	Kind           Kind

	// TokenCredential gets the tokens. It caches them, so reuse it: the Provider hands out the
	// same one until the Secret changes.
	TokenCredential azcore.TokenCredential
}

// CacheKey identifies the credential for client caches: a new Secret version is a new key.
func (c *Credential) CacheKey() string { return c.Name + "@" + c.Version }

// CheckSubscription refuses an ARM ID (an owner or a reference given as armId, the ID of the
// resource itself, an operation's) outside the credential's subscription, with reason
// SubscriptionMismatch: a namespace must not reach beyond what its credential was meant for,
// even where the identity happens to have rights. Every subscription the ID names counts, not
// only the one at its root (a management group's subscriptions/{id} child names one too).
// An ID that does not parse (see genruntime.ParseARMID: no leading /subscriptions/ or
// /providers/, empty, "." or ".." segments) is refused with reason InvalidResourceID: what it
// would reach cannot be told. An ID naming no subscription is at tenant or management-group
// scope: no subscription bounds it, and it passes, leaving it to the identity's own rights
// there (the kinds of those scopes exist only there).
func (c *Credential) CheckSubscription(armID string) error {
	parsed, err := genruntime.ParseARMID(armID)
	if err != nil {
		return &Error{Reason: ReasonInvalidResourceID, Secret: c.Secret, message: err.Error(), cause: err}
	}
	for _, sub := range genruntime.SubscriptionsOf(parsed) {
		if !strings.EqualFold(sub, c.SubscriptionID) {
			return &Error{
				Reason: ReasonSubscriptionMismatch, Secret: c.Secret,
				message: fmt.Sprintf("%s is in subscription %s, but credential %s is for subscription %s",
					armID, sub, c.Name, c.SubscriptionID),
			}
		}
	}
	return nil
}

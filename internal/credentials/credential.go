package credentials

import (
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"k8s.io/apimachinery/pkg/types"
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

// CheckSubscription refuses an ARM ID (an owner or a reference given as armId) outside the
// credential's subscription, with reason SubscriptionMismatch: a namespace must not reach
// beyond what its credential was meant for, even where the identity happens to have rights.
// IDs without a subscription (tenant or management group scope) pass.
func (c *Credential) CheckSubscription(armID string) error {
	sub := subscriptionOf(armID)
	if sub == "" || strings.EqualFold(sub, c.SubscriptionID) {
		return nil
	}
	return &Error{
		Reason: ReasonSubscriptionMismatch, Secret: c.Secret,
		message: fmt.Sprintf("%s is in subscription %s, but credential %s is for subscription %s",
			armID, sub, c.Name, c.SubscriptionID),
	}
}

// subscriptionOf reads the subscription of an ARM ID ("" when it has none).
func subscriptionOf(armID string) string {
	segs := strings.Split(strings.Trim(armID, "/"), "/")
	if len(segs) >= 2 && strings.EqualFold(segs[0], "subscriptions") {
		return segs[1]
	}
	return ""
}

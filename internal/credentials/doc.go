// Package credentials decides which Azure credential a resource acts with, by Azure Service
// Operator v2's rules, and builds it with azidentity:
//
//  1. the Secret the resource's serviceoperator.azure.com/credential-from annotation names, in
//     the resource's own namespace (a missing one is an error, reason SecretNotFound: falling
//     back to a broader credential would act with rights the user did not pick);
//  2. else the Secret aso-credential in the resource's namespace, when there is one;
//  3. else the global credential: the Secret aso-controller-settings in the operator's namespace
//     when it holds credential keys, else the operator's own environment. Without either, the
//     resource has no credential (reason CredentialNotFound).
//
// A resource can only name Secrets in its own namespace, so a namespace reaches no further than
// the credentials its owners were given, or the global one. Credential.CheckSubscription holds
// references to the credential's subscription (reason SubscriptionMismatch).
//
// Errors name Secrets and keys, never values.
package credentials

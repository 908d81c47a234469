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
// One exception to 3: a resource recorded (annotation serviceoperator.azure.com/credential-used)
// as having acted with a Secret of its namespace is refused the global credential once that
// Secret is gone (reason CredentialWithdrawn): namespaces lose their aso-credential early in a
// teardown, and the resources deleted after it must not be deleted with wider rights. Restoring
// the Secret, or removing the annotation, decides.
//
// A credential built from a Secret is forgotten (tokens included) when the Secret is deleted or
// changed (Provider.Forget, called from the operator's watch of Secrets), or found missing.
//
// A resource can only name Secrets in its own namespace, so a namespace reaches no further than
// the credentials its owners were given, or the global one. Credential.CheckSubscription holds
// references to the credential's subscription (reason SubscriptionMismatch).
//
// Errors name Secrets and keys, never values.
package credentials

package credentials

// Secret names ASO users already have.
const (
	// NamespaceSecretName is the per-namespace credential.
	NamespaceSecretName = "aso-credential"
	// GlobalSecretName holds the operator's settings and its global credential.
	GlobalSecretName = "aso-controller-settings"
	// GlobalName is Credential.Name of the global credential, wherever it was read from.
	GlobalName = "global"
)

// Keys of a credential Secret, and of the operator's environment for the global credential.
const (
	SubscriptionIDKey            = "AZURE_SUBSCRIPTION_ID"
	TenantIDKey                  = "AZURE_TENANT_ID"
	ClientIDKey                  = "AZURE_CLIENT_ID"
	ClientSecretKey              = "AZURE_CLIENT_SECRET"
	ClientCertificateKey         = "AZURE_CLIENT_CERTIFICATE"
	ClientCertificatePasswordKey = "AZURE_CLIENT_CERTIFICATE_PASSWORD"
	UseWorkloadIdentityKey       = "USE_WORKLOAD_IDENTITY_AUTH"
)

// FederatedTokenFileVar is where the operator's environment says its service account token is
// (set by the workload identity webhook); workload identity credentials present that token.
const FederatedTokenFileVar = "AZURE_FEDERATED_TOKEN_FILE"

// DefaultFederatedTokenFile is where the AKS workload identity webhook mounts the token.
const DefaultFederatedTokenFile = "/var/run/secrets/azure/tokens/azure-identity-token"

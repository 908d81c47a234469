package settings

// The environment variable names, as ASO spells them.
const (
	ResourceManagerEndpointVar = "AZURE_RESOURCE_MANAGER_ENDPOINT"
	ResourceManagerAudienceVar = "AZURE_RESOURCE_MANAGER_AUDIENCE"
	AuthorityHostVar           = "AZURE_AUTHORITY_HOST"
	SyncPeriodVar              = "AZURE_SYNC_PERIOD"
	TargetNamespacesVar        = "AZURE_TARGET_NAMESPACES"
	OperatorModeVar            = "AZURE_OPERATOR_MODE"
	DefaultReconcilePolicyVar  = "DEFAULT_RECONCILE_POLICY"
	MaxConcurrentReconcilesVar = "MAX_CONCURRENT_RECONCILES"
	RateLimitModeVar           = "RATE_LIMIT_MODE"
	RateLimitQPSVar            = "RATE_LIMIT_QPS"
	RateLimitBucketSizeVar     = "RATE_LIMIT_BUCKET_SIZE"
	UserAgentSuffixVar         = "AZURE_USER_AGENT_SUFFIX"
	PodNamespaceVar            = "POD_NAMESPACE"
	// ARMRequestTimeoutVar and ReconcileTimeoutVar are ours (ASO has neither): how long one ARM
	// call, and one reconcile of one object, may take before it is abandoned and retried.
	ARMRequestTimeoutVar = "ARM_REQUEST_TIMEOUT"
	ReconcileTimeoutVar  = "RECONCILE_TIMEOUT"
	// MaxOperationAgeVar is ours (ASO has no such setting): see Settings.MaxOperationAge.
	MaxOperationAgeVar = "MAX_OPERATION_AGE"
)

// Defaults for the public Azure cloud, which is where a setting left out points.
const (
	DefaultResourceManagerEndpoint = "https://management.azure.com/"
	// DefaultResourceManagerAudience is the audience ARM has accepted longest; it is also
	// azcore's choice for the public cloud.
	DefaultResourceManagerAudience = "https://management.core.windows.net/"
	DefaultAuthorityHost           = "https://login.microsoftonline.com/"
	DefaultSyncPeriodText          = "1h"
	DefaultMaxOperationAgeText     = "24h"
	DefaultMaxConcurrentReconciles = 1
	DefaultRateLimitQPS            = 5.0
	DefaultRateLimitBucketSize     = 100
	DefaultARMRequestTimeoutText   = "2m"
	DefaultReconcileTimeoutText    = "5m"
)

// syncNever turns periodic resync off.
const syncNever = "never"

package settings

// OperatorMode says which halves of the operator run in this process, so that webhooks and
// watchers can be scaled (and permissioned) separately.
type OperatorMode string

const (
	ModeWebhooks            OperatorMode = "webhooks"
	ModeWatchers            OperatorMode = "watchers"
	ModeWatchersAndWebhooks OperatorMode = "watchers-and-webhooks"
)

// operatorModes lists the accepted spellings. "both" is kept as an alias because ASO's early
// documentation used it, and a manifest written from those pages should not stop the operator.
var operatorModes = map[string]OperatorMode{
	string(ModeWebhooks):            ModeWebhooks,
	string(ModeWatchers):            ModeWatchers,
	string(ModeWatchersAndWebhooks): ModeWatchersAndWebhooks,
	"both":                          ModeWatchersAndWebhooks,
}

// IncludesWatchers reports whether this process reconciles resources.
func (m OperatorMode) IncludesWatchers() bool {
	return m == ModeWatchers || m == ModeWatchersAndWebhooks
}

// IncludesWebhooks reports whether this process serves the admission and conversion webhooks.
func (m OperatorMode) IncludesWebhooks() bool {
	return m == ModeWebhooks || m == ModeWatchersAndWebhooks
}

// RateLimitMode says whether ARM requests share a token bucket.
type RateLimitMode string

const (
	RateLimitDisabled RateLimitMode = "disabled"
	RateLimitBucket   RateLimitMode = "bucket"
)

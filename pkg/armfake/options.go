package armfake

import (
	"errors"
	"os"
	"time"
)

// Options configure a server. The zero value (with SpecRoot or ARMGEN_SPEC_ROOT set) is a
// server on 127.0.0.1 with a random port, synchronous answers where the swagger has them and
// long-running operations that finish after two polls.
type Options struct {
	// SpecRoot is the specification folder (default: $ARMGEN_SPEC_ROOT).
	SpecRoot string
	// Groups limits the provider groups served (network, storage, ...); empty serves all.
	Groups []string
	// Addr is the listen address (default 127.0.0.1:0).
	Addr string
	// CADir is where the CA file is written (default: a temporary folder removed by Close).
	CADir string

	// LROPolls is how many polls (of the operation or of the resource) a long-running
	// operation answers InProgress before it finishes (default 2; negative: none, the first
	// poll sees the outcome).
	LROPolls int
	// LRODuration, when set, also keeps an operation in progress at least this long.
	LRODuration time.Duration
	// LROFinishAfter, when set, finishes an operation once it has run this long, polled or
	// not, as Azure's progress by time (LROPolls and LRODuration can finish it sooner). Reading
	// the resource never counts as a poll; it shows the operation where time has brought it.
	LROFinishAfter time.Duration
	// OperationExpiry, when set, makes an operation's status and result URLs answer 404
	// (OperationNotFound) once it started this long ago, as ARM forgets operations; one still
	// running then finishes. Server.ExpireOperations forgets them all at once.
	OperationExpiry time.Duration
	// ForceLRO makes every PUT and DELETE long-running, whatever the swagger says.
	ForceLRO bool
	// RetryAfter is the poll interval advised in Retry-After (default 1s). Below a second it is
	// also sent as retry-after-ms, which the Azure SDK honours, so tests poll fast. When set, it
	// also replaces each service's own advice in realistic answers.
	RetryAfter time.Duration

	// Seed makes generated values (action results, probabilistic faults) reproducible.
	Seed int64
	// Faults are injected into matching requests; more can be added with Server.AddFault.
	Faults []Fault

	// Clients are the service principals the token endpoint knows, by client id.
	Clients map[string]Client
	// StrictClients refuses tokens to clients not in Clients.
	StrictClients bool
	// RequireAuth refuses ARM requests without a bearer token (by default they act with full access,
	// which keeps curl sessions short).
	RequireAuth bool
	// Subscriptions that exist; empty means every subscription id exists.
	Subscriptions []string
	// TenantID is reported for subscriptions (default a fixed GUID).
	TenantID string

	// ListPageSize, when positive, answers list requests a page of this many items at a time,
	// each page but the last with a nextLink, as ARM pages long lists; 0 answers in one page.
	ListPageSize int

	// MaxRecorded caps the recorded requests kept (default 100000; the oldest are dropped).
	MaxRecorded int

	// Realistic answers as Azure does rather than with what was sent: locations as display
	// names, child names as the chain of names where the service does so, referenced IDs
	// re-cased, values the service completes or overrides, keys null in GET, and each service's
	// own long-running answer (201 or 202, which headers, Retry-After). The tables behind it are
	// in realistic_*.go, each row citing the recording it comes from. The zero value echoes.
	Realistic bool
	// RequestBudget, when set, throttles each subscription as ARM does: beyond Reads GETs or
	// Writes other requests in a Window it answers 429 with Retry-After, and every answer tells
	// what remains in x-ms-ratelimit-remaining-subscription-reads / -writes.
	RequestBudget RequestBudget

	// retryAfterSet records that RetryAfter was given, so that it wins over the advice of a
	// realistic answer (tests shorten polls; the recorded services advise seconds).
	retryAfterSet bool
}

func (o Options) withDefaults() (Options, error) {
	if o.SpecRoot == "" {
		o.SpecRoot = os.Getenv("ARMGEN_SPEC_ROOT")
	}
	if o.SpecRoot == "" {
		return o, errors.New("armfake: no spec root: set Options.SpecRoot (--spec-root) or ARMGEN_SPEC_ROOT")
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.LROPolls == 0 {
		o.LROPolls = 2
	}
	if o.LROPolls < 0 {
		o.LROPolls = 0
	}
	o.retryAfterSet = o.RetryAfter > 0
	if err := o.RequestBudget.check(); err != nil {
		return o, err
	}
	if o.RetryAfter <= 0 {
		o.RetryAfter = time.Second
	}
	if o.TenantID == "" {
		o.TenantID = "00000000-0000-0000-0000-00000000a2f0"
	}
	if o.MaxRecorded <= 0 {
		o.MaxRecorded = 100000
	}
	return o, nil
}

package settings

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/armgen/armgen/pkg/genruntime"
)

// reader parses one setting per method and collects the errors, so Load reads as a table.
type reader struct {
	getenv func(string) string
	errs   []error
}

func (r *reader) fail(name, value, expected string) {
	r.errs = append(r.errs, &InvalidSettingError{Name: name, Value: value, Expected: expected})
}

// value is the trimmed setting: values pasted into Secrets often carry a trailing newline.
func (r *reader) value(name string) string {
	return strings.TrimSpace(r.getenv(name))
}

func (r *reader) text(name, def string) string {
	if v := r.value(name); v != "" {
		return v
	}
	return def
}

// url accepts an absolute http(s) URL and gives it a trailing slash, as azcore and MSAL join
// paths onto it.
func (r *reader) url(name, def string) string {
	v := r.text(name, def)
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		r.fail(name, v, "an absolute URL such as "+def)
		return ""
	}
	if !strings.HasSuffix(v, "/") {
		v += "/"
	}
	return v
}

func (r *reader) syncPeriod(name string) time.Duration {
	v := r.text(name, DefaultSyncPeriodText)
	if strings.EqualFold(v, syncNever) {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.fail(name, v, fmt.Sprintf("a positive duration such as 15m or 1h, or %q", syncNever))
		return 0
	}
	return d
}

func (r *reader) positiveDuration(name, def string) time.Duration {
	v := r.text(name, def)
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.fail(name, v, "a positive duration such as "+def)
		return 0
	}
	return d
}

// list splits a comma list, ignoring spaces and empty items.
func (r *reader) list(name string) []string {
	var out []string
	for item := range strings.SplitSeq(r.value(name), ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

func (r *reader) operatorMode(name string) OperatorMode {
	v := r.value(name)
	if v == "" {
		return ModeWatchersAndWebhooks
	}
	if m, ok := operatorModes[strings.ToLower(v)]; ok {
		return m
	}
	r.fail(name, v, oneOf(string(ModeWebhooks), string(ModeWatchers), string(ModeWatchersAndWebhooks)))
	return ""
}

func (r *reader) reconcilePolicy(name string) genruntime.ReconcilePolicy {
	v := r.value(name)
	switch p := genruntime.ReconcilePolicy(strings.ToLower(v)); p {
	case "":
		return genruntime.ReconcilePolicyManage
	case genruntime.ReconcilePolicyManage, genruntime.ReconcilePolicySkip, genruntime.ReconcilePolicyDetachOnDelete:
		return p
	}
	r.fail(name, v, oneOf(string(genruntime.ReconcilePolicyManage), string(genruntime.ReconcilePolicySkip),
		string(genruntime.ReconcilePolicyDetachOnDelete)))
	return ""
}

func (r *reader) rateLimitMode(name string) RateLimitMode {
	v := r.value(name)
	switch m := RateLimitMode(strings.ToLower(v)); m {
	case "":
		return RateLimitDisabled
	case RateLimitDisabled, RateLimitBucket:
		return m
	}
	r.fail(name, v, oneOf(string(RateLimitDisabled), string(RateLimitBucket)))
	return ""
}

func (r *reader) positiveInt(name string, def int) int {
	v := r.value(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		r.fail(name, v, "a whole number of at least 1")
		return 0
	}
	return n
}

func (r *reader) positiveFloat(name string, def float64) float64 {
	v := r.value(name)
	if v == "" {
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || !(f > 0) || f > 1e9 {
		r.fail(name, v, "a number above 0, such as 5 or 0.5")
		return 0
	}
	return f
}

func oneOf(values ...string) string {
	slices.Sort(values)
	return "one of " + strings.Join(values, ", ")
}

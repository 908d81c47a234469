package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Every message this reconciler sends out of the process about an object (its Ready condition,
// its Events, the log lines about it) goes through redact, so that a secret value the object
// reads never leaves it, whichever path the message took: ARM quotes what it refused in
// validation messages, synchronous or at the end of a long-running operation alike. The values
// are those this attempt resolved (see desire); an attempt that resolved none has none to hide.

// secretValues are the values a resolved spec reads from Secrets: each key's, and every value of
// each Secret read whole (a map of secrets such as protectedSettings).
func secretValues(resolved genruntime.ConvertToARMResolvedDetails) []string {
	out := slices.Collect(maps.Values(resolved.ResolvedSecrets))
	for _, m := range resolved.ResolvedSecretMaps {
		out = append(out, slices.Collect(maps.Values(m))...)
	}
	return out
}

// redactedMark replaces a secret value in a message.
const redactedMark = "[redacted]"

// redact masks every secret value this attempt knows in s, as it is and as quoting spells it:
// ARM may quote the request body's JSON (where json.Marshal escapes quotes, backslashes and
// <, >, &), and a Go error may quote a value with %q. The longest forms go first, so that a
// value inside another (a password and the same password with a suffix) leaves no part of the
// longer one behind.
func (a *attempt) redact(s string) string {
	var forms []string
	for _, v := range a.secrets {
		if v != "" {
			forms = append(forms, quotedForms(v)...)
		}
	}
	slices.SortFunc(forms, func(x, y string) int { return len(y) - len(x) })
	for _, f := range slices.Compact(forms) {
		s = strings.ReplaceAll(s, f, redactedMark)
	}
	return s
}

// quotedForms are v and v as JSON (HTML-escaped or not) and Go's %q write it, without the
// surrounding quotes.
func quotedForms(v string) []string {
	forms := []string{v, unquote(strconv.Quote(v))}
	if b, err := json.Marshal(v); err == nil {
		forms = append(forms, unquote(string(b)))
	}
	var plain strings.Builder
	enc := json.NewEncoder(&plain)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) == nil {
		forms = append(forms, unquote(strings.TrimSpace(plain.String())))
	}
	return forms
}

// unquote drops the quotes around a quoted string (only those: the value may end in one).
func unquote(q string) string { return q[1 : len(q)-1] }

// event records an Event on the object, redacted.
func (a *attempt) event(eventType, reason, format string, args ...any) {
	a.r.opts.Recorder.Event(a.obj, eventType, reason, a.redact(fmt.Sprintf(format, args...)))
}

// logInfo writes a log line about the object, its message and string values redacted.
func (a *attempt) logInfo(ctx context.Context, msg string, keysAndValues ...any) {
	kv := make([]any, len(keysAndValues))
	for i, v := range keysAndValues {
		switch x := v.(type) {
		case string:
			kv[i] = a.redact(x)
		case error:
			kv[i] = a.redact(x.Error())
		default:
			kv[i] = v
		}
	}
	log.FromContext(ctx).Info(a.redact(msg), kv...)
}

package reconciler

import (
	"context"
	"fmt"
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/log"
)

// Every message this reconciler sends out of the process about an object (its Ready condition,
// its Events, the log lines about it) goes through redact, so that a secret value the object
// reads never leaves it, whichever path the message took: ARM quotes what it refused in
// validation messages, synchronous or at the end of a long-running operation alike. The values
// are those this attempt resolved (see desire); an attempt that resolved none has none to hide.

// redactedMark replaces a secret value in a message.
const redactedMark = "[redacted]"

// redact masks every secret value this attempt knows in s.
func (a *attempt) redact(s string) string {
	for _, v := range a.secrets {
		if v != "" {
			s = strings.ReplaceAll(s, v, redactedMark)
		}
	}
	return s
}

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

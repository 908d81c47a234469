package genruntime

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// OperationRecord is what a PUT carried (the generation of the spec and a digest of what it was
// resolved with) and when it was sent, as kept in PollerSentAnnotation and AppliedAnnotation.
type OperationRecord struct {
	Generation int64
	// Digest is a hash of what the PUT was built from: the body with secret values masked, and
	// the resourceVersion of each Secret and ConfigMap read. It holds no value.
	Digest string
	Sent   time.Time
}

// String is the annotation form: "generation=3,digest=9f2c...,sent=2026-11-25T21:00:00Z".
func (r OperationRecord) String() string {
	var parts []string
	if r.Generation != 0 {
		parts = append(parts, "generation="+strconv.FormatInt(r.Generation, 10))
	}
	if r.Digest != "" {
		parts = append(parts, "digest="+r.Digest)
	}
	if !r.Sent.IsZero() {
		parts = append(parts, "sent="+r.Sent.UTC().Format(time.RFC3339))
	}
	return strings.Join(parts, ",")
}

// Carries says r was sent with generation and digest.
func (r OperationRecord) Carries(generation int64, digest string) bool {
	return r.Generation == generation && r.Digest == digest
}

// ParseOperationRecord reads String's form; "" is the zero record. An entry it does not know is
// an error naming it: the annotation was written by hand, and nothing is done on its word.
func ParseOperationRecord(s string) (OperationRecord, error) {
	var r OperationRecord
	if s == "" {
		return r, nil
	}
	for _, e := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(e), "=")
		var err error
		// The errors quote what was written clipped (see clip), not as strconv and time do.
		switch k {
		case "generation":
			if r.Generation, err = strconv.ParseInt(v, 10, 64); err != nil {
				err = fmt.Errorf("generation %q is not a whole number", clip(v))
			}
		case "digest":
			r.Digest = v
		case "sent":
			if r.Sent, err = time.Parse(time.RFC3339, v); err != nil {
				err = fmt.Errorf("sent %q is not an RFC 3339 time", clip(v))
			}
		default:
			err = fmt.Errorf("unknown entry %q (want generation, digest and sent)", clip(k))
		}
		if err != nil {
			return OperationRecord{}, fmt.Errorf("%q: %w", clip(s), err)
		}
	}
	return r, nil
}

// clip shortens what an error quotes of a hand-edited record: the error is a condition's
// message, an Event and a log line, and the annotation may hold 256 KiB.
func clip(s string) string {
	const most = 100
	if len(s) <= most {
		return s
	}
	return strings.ToValidUTF8(s[:most], "") + "..."
}

// IsApplied says Azure holds obj's current generation: the last PUT Azure completed for it
// carried this generation (AppliedAnnotation). Its inputs may have changed since; a child
// needs only its owner's resource to be there.
func IsApplied(obj ARMMetaObject) bool {
	r, err := ParseOperationRecord(obj.GetAnnotations()[AppliedAnnotation])
	return err == nil && r.Generation != 0 && r.Generation == obj.GetGeneration()
}

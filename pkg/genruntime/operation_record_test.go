package genruntime

import (
	"strings"
	"testing"
	"time"
)

// TestOperationRecord: the annotation form reads back as written, and a hand-edited one is an
// error naming what is wrong rather than a guess.
func TestOperationRecord(t *testing.T) {
	r := OperationRecord{Generation: 3, Digest: "9f2c", Sent: time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)}
	got, err := ParseOperationRecord(r.String())
	if err != nil || got != r {
		t.Fatalf("%q read back as %+v, %v", r.String(), got, err)
	}
	if !got.Carries(3, "9f2c") || got.Carries(4, "9f2c") || got.Carries(3, "other") {
		t.Errorf("Carries of %+v", got)
	}
	if z, err := ParseOperationRecord(""); err != nil || z != (OperationRecord{}) {
		t.Errorf("empty: %+v, %v", z, err)
	}
	for in, want := range map[string]string{
		"generation=three":        "generation=three",
		"sent=yesterday":          "sent=yesterday",
		"generation=1,owner=mine": `unknown entry "owner"`,
	} {
		if _, err := ParseOperationRecord(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one naming %s", in, err, want)
		}
	}
}

// TestOperationRecordErrorIsBounded: a record edited into something huge (annotations may hold
// 256 KiB) is refused with an error that quotes only its start: the error becomes the Ready
// condition's message, an Event and a log line.
func TestOperationRecordErrorIsBounded(t *testing.T) {
	for _, s := range []string{strings.Repeat("x", 200_000), "generation=" + strings.Repeat("9", 200_000), strings.Repeat("a=b,", 50_000), "sent=" + strings.Repeat("2", 200_000)} {
		_, err := ParseOperationRecord(s)
		if err == nil {
			t.Fatalf("a %d-byte record was accepted", len(s))
		}
		if len(err.Error()) > 1024 {
			t.Errorf("a %d-byte record is refused with a %d-byte error", len(s), len(err.Error()))
		}
	}
}

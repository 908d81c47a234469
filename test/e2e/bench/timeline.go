package bench

import (
	"fmt"
	"sync"
	"time"
)

// ReadyTimeout is how long a round waits for n resources to be Ready (and again for the
// resync): generous on a shared machine, and growing with n. `make bench-operator` gives the
// test binary a -timeout of 30 minutes plus twice this (see the Makefile), so that a wait cut
// off still leaves time for its report.
func ReadyTimeout(n int) time.Duration {
	return 15*time.Minute + time.Duration(n)*240*time.Millisecond
}

// TargetWindow is the time the acceptance gives a fleet to be all Ready: a run reports how
// many were Ready at its end (ready_at_10min), whether or not all are Ready by then.
const TargetWindow = 10 * time.Minute

// Timeline turns the Ready counts a wait observes into the lines a long run prints while
// waiting: one a minute (how many are Ready, how many more than a minute earlier), the count
// at TargetWindow, and the time to all Ready. A run cut off thus still says how far it got.
type Timeline struct {
	Total int
	// mu: the count is observed while creating (by a goroutine of its own) and then waiting.
	mu sync.Mutex
	// nextMinute is when the next progress line is due; lastReady the count at the last one.
	nextMinute time.Duration
	lastReady  int
	at10       bool
}

// NewTimeline is the timeline of a wait for total objects.
func NewTimeline(total int) *Timeline { return &Timeline{Total: total, nextMinute: time.Minute} }

// Observe records that, elapsed after the start, created objects existed and ready of them were
// Ready, and returns the lines due. A count first seen past TargetWindow stands for the count at
// TargetWindow: observations are at most a poll apart.
func (t *Timeline) Observe(elapsed time.Duration, created, ready int) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for elapsed >= t.nextMinute {
		out = append(out, fmt.Sprintf("progress t=%s created=%d ready=%d/%d (+%d in the last minute)", t.nextMinute, created, ready, t.Total, ready-t.lastReady))
		t.lastReady = ready
		t.nextMinute += time.Minute
	}
	if !t.at10 && elapsed >= TargetWindow {
		t.at10 = true
		out = append(out, fmt.Sprintf("ready_at_10min=%d/%d", ready, t.Total))
	}
	return out
}

// Done returns the closing lines once all are Ready elapsed after the start: the count at
// TargetWindow if it came first, and the time to all Ready.
func (t *Timeline) Done(elapsed time.Duration) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	if !t.at10 {
		t.at10 = true
		out = append(out, fmt.Sprintf("ready_at_10min=%d/%d", t.Total, t.Total))
	}
	return append(out, fmt.Sprintf("all_ready_s=%.1f", elapsed.Seconds()))
}

package workers

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A worker's panic does not end the process: the other workers are told to stop, and Wait
// raises it again in the waiting goroutine, with the value and the worker's stack.
func TestWaitRaisesAWorkersPanicInTheWaitingGoroutine(t *testing.T) {
	g, ctx := WithContext(context.Background())
	g.SetLimit(2)
	stopped := make(chan struct{})
	g.Go(func() error {
		<-ctx.Done()
		close(stopped)
		return ctx.Err()
	})
	g.Go(func() error { panic("a bug in one CRD") })
	var got any
	func() {
		defer func() { got = recover() }()
		_ = g.Wait()
	}()
	p, ok := got.(*Panic)
	if !ok {
		t.Fatalf("Wait raised %v (%T), want the worker's *Panic", got, got)
	}
	if p.Value != "a bug in one CRD" || !strings.Contains(p.Error(), "group_test.go") {
		t.Errorf("raised %q, want the worker's value and its stack", p.Error())
	}
	select {
	case <-stopped:
	default:
		t.Error("the other worker was not told to stop")
	}
}

// Without a panic the group is errgroup: the first error, the context cancelled by it.
func TestWaitReturnsTheFirstError(t *testing.T) {
	boom := errors.New("boom")
	g, ctx := WithContext(context.Background())
	g.Go(func() error { return boom })
	g.Go(func() error { <-ctx.Done(); return nil })
	if err := g.Wait(); !errors.Is(err, boom) {
		t.Errorf("Wait: %v, want boom", err)
	}
	var zero Group
	zero.Go(func() error { return nil })
	if err := zero.Wait(); err != nil {
		t.Errorf("zero group: %v", err)
	}
}

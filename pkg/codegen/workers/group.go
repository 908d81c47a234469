// Package workers runs one stage's work on several goroutines, as errgroup does, with one thing
// the pipeline needs besides: a panic in a worker does not end the process. Go cannot recover a
// panic in another goroutine, so the runner's guard (a bug in a stage becomes an error naming the
// stage, and the output is left as it was with nothing staged behind) covered only the stage's
// own goroutine; a bug in one CRD's or one package's worker killed gen with a bare stack trace.
// Here the worker's panic is caught, the other workers are told to stop (the context of
// WithContext is cancelled), and Wait raises it again in the goroutine that waits, the stage's,
// where the runner turns it into that error, with the worker's stack.
package workers

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Group is errgroup.Group whose workers' panics reach Wait. The zero value is ready to use.
type Group struct {
	eg     errgroup.Group
	cancel context.CancelCauseFunc

	mu       sync.Mutex
	panicked *Panic
}

// Panic is a worker's panic as Wait raises it again: the value and where the worker was.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\nin a worker goroutine:\n%s", p.Value, p.Stack)
}

// WithContext returns a group and a context cancelled when a worker fails or panics, or when
// Wait returns, as errgroup.WithContext does.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancelCause(ctx)
	return &Group{cancel: cancel}, ctx
}

// SetLimit bounds how many workers run at once (see errgroup.Group.SetLimit).
func (g *Group) SetLimit(n int) { g.eg.SetLimit(n) }

// Go runs f on a goroutine of its own, once the limit allows.
func (g *Group) Go(f func() error) {
	g.eg.Go(func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				p := &Panic{Value: r, Stack: debug.Stack()}
				g.mu.Lock()
				if g.panicked == nil {
					g.panicked = p
				}
				g.mu.Unlock()
				err = p
			}
			if err != nil && g.cancel != nil {
				g.cancel(err)
			}
		}()
		return f()
	})
}

// Wait waits for every worker and returns the first error; if a worker panicked, it panics
// with that worker's Panic instead, in the caller's goroutine.
func (g *Group) Wait() error {
	err := g.eg.Wait()
	if g.cancel != nil {
		g.cancel(err)
	}
	g.mu.Lock()
	p := g.panicked
	g.mu.Unlock()
	if p != nil {
		panic(p)
	}
	return err
}

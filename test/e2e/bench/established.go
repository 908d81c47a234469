package bench

import (
	"context"
	"sync"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EstablishedWatch records, for every CRD the API server creates while it runs, when the
// watch first saw it and when it first saw it Established: the difference is how long the
// server took to build what serving the CRD needs (a CRD's conditions only keep seconds).
type EstablishedWatch struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu          sync.Mutex
	seen, ready map[string]time.Time
	err         error
}

// WatchEstablished starts watching CRDs.
func WatchEstablished(ctx context.Context, cfg *rest.Config) (*EstablishedWatch, error) {
	s := runtime.NewScheme()
	if err := apiextv1.AddToScheme(s); err != nil {
		return nil, err
	}
	c, err := client.NewWithWatch(cfg, client.Options{Scheme: s})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	w, err := c.Watch(ctx, &apiextv1.CustomResourceDefinitionList{})
	if err != nil {
		cancel()
		return nil, err
	}
	e := &EstablishedWatch{cancel: cancel, done: make(chan struct{}), seen: map[string]time.Time{}, ready: map[string]time.Time{}}
	go func() {
		defer close(e.done)
		defer w.Stop()
		for ev := range w.ResultChan() {
			if ev.Type == watch.Error {
				if ctx.Err() != nil {
					return // Stop cancelled the watch; its stream ends with an error event
				}
				e.mu.Lock()
				e.err = apierrors.FromObject(ev.Object)
				e.mu.Unlock()
				continue
			}
			crd, ok := ev.Object.(*apiextv1.CustomResourceDefinition)
			if !ok {
				continue
			}
			e.record(crd, time.Now())
		}
	}()
	return e, nil
}

func (e *EstablishedWatch) record(crd *apiextv1.CustomResourceDefinition, now time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.seen[crd.Name]; !ok {
		e.seen[crd.Name] = now
	}
	if _, ok := e.ready[crd.Name]; ok {
		return
	}
	for _, c := range crd.Status.Conditions {
		if c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue {
			e.ready[crd.Name] = now
		}
	}
}

// Stop ends the watch and returns, per CRD name, the time from first seen to Established
// (CRDs never seen Established are left out).
func (e *EstablishedWatch) Stop() (map[string]time.Duration, error) {
	e.cancel()
	<-e.done
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make(map[string]time.Duration, len(e.ready))
	for name, at := range e.ready {
		out[name] = at.Sub(e.seen[name])
	}
	return out, e.err
}

package webhookcerts

import (
	"context"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// TestRaceOfTwoCreators: two replicas start together, both find no Secret and both make a
// CA; one creates the Secret, the other's create fails and it adopts the winner's, so both
// serve the same certificate from one CA.
func TestRaceOfTwoCreators(t *testing.T) {
	var bothLooked sync.WaitGroup
	bothLooked.Add(2)
	var once [2]sync.Once
	var mu sync.Mutex
	lookers := 0
	c := newClient(t, &interceptor.Funcs{Get: func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
		err := c.Get(ctx, key, obj, opts...)
		if _, ok := obj.(*corev1.Secret); ok && apierrors.IsNotFound(err) {
			// Hold each replica's first miss until the other has missed too.
			mu.Lock()
			i := lookers
			lookers++
			mu.Unlock()
			if i < 2 {
				once[i].Do(func() { bothLooked.Done(); bothLooked.Wait() })
			}
		}
		return err
	}})
	clk := &clock{now: t0}
	rs := []*Rotator{newRotator(t, c, clk), newRotator(t, c, clk)}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, r := range rs {
		wg.Go(func() { _, errs[i] = r.Sync(context.Background()) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: %v", i, err)
		}
	}
	if lookers < 2 {
		t.Fatalf("only %d replica(s) found the Secret missing: no race happened", lookers)
	}
	sec := readSecret(t, c)
	if n := len(mustCerts(t, sec.Data[keyCABundle])); n != 1 {
		t.Errorf("the Secret holds %d CAs, want 1", n)
	}
	stored := mustCerts(t, sec.Data[keyServingCert])[0]
	for i, r := range rs {
		if !servedLeaf(t, r).Equal(stored) {
			t.Errorf("replica %d serves a certificate other than the Secret's", i)
		}
	}
}

// TestRaceOfTwoRenewers: two replicas renew the serving certificate at the same moment; one
// update wins, the other conflicts, reads again and serves the winner's.
func TestRaceOfTwoRenewers(t *testing.T) {
	c0 := newClient(t, nil)
	clk := &clock{now: t0}
	sync1(t, newRotator(t, c0, clk))
	var seen sync.WaitGroup
	seen.Add(2)
	var mu sync.Mutex
	updates := 0
	c := newClient(t, &interceptor.Funcs{Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
		mu.Lock()
		updates++
		first := updates <= 2
		mu.Unlock()
		if first {
			seen.Done()
			seen.Wait() // both have read the same resourceVersion before either writes
		}
		return c.Update(ctx, obj, opts...)
	}}, readSecret(t, c0))
	rs := []*Rotator{newRotator(t, c, clk), newRotator(t, c, clk)}
	clk.Set(t0.Add(2*time.Hour + time.Hour/2)) // past two thirds of the 3h serving certificate
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, r := range rs {
		wg.Go(func() { _, errs[i] = r.Sync(context.Background()) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: %v", i, err)
		}
	}
	stored := mustCerts(t, readSecret(t, c).Data[keyServingCert])[0]
	for i, r := range rs {
		if !servedLeaf(t, r).Equal(stored) {
			t.Errorf("replica %d serves a certificate other than the Secret's", i)
		}
	}
}

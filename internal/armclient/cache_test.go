package armclient

import (
	"sync"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
)

func TestCache(t *testing.T) {
	srv := startFake(t, armfake.Options{})
	cache := NewCache(testOptions(t, srv))
	cred := credential(t, srv, "app", "s3cret")

	a, err := cache.Get("ns1/aso-credential", "100", cred)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := cache.Get("ns1/aso-credential", "100", cred); b != a {
		t.Error("same credential, same version: a new client")
	}
	if other, _ := cache.Get("ns2/aso-credential", "100", cred); other == a {
		t.Error("another Secret shares the client")
	}
	c, _ := cache.Get("ns1/aso-credential", "101", cred)
	if c == a {
		t.Error("an edited Secret kept the old client")
	}
	if cache.Len() != 2 {
		t.Errorf("%d clients held, want 2 (the old version dropped)", cache.Len())
	}
	cache.Forget("ns2/aso-credential")
	if cache.Len() != 1 {
		t.Errorf("%d clients after Forget", cache.Len())
	}

	// Concurrent reconciles of one credential share one client.
	var wg sync.WaitGroup
	got := make([]*Client, 16)
	for i := range got {
		wg.Go(func() {
			got[i], _ = cache.Get("global", "", cred)
		})
	}
	wg.Wait()
	for _, cl := range got {
		if cl == nil || cl != got[0] {
			t.Fatal("concurrent Gets made different clients")
		}
	}
}

package reconciler_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestResumeTokenNamingAnotherHostIsLost: a resume token edited to poll another host is not
// followed there (the ARM client sends nothing off its endpoint, where the token would go with
// it): the operation is given up as lost, naming why, and the resource read from Azure.
func TestResumeTokenNamingAnotherHostIsLost(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: 1000, ForceLRO: true}, group("rg", "", nil))
	e.step(rgKind, "rg")
	rg := e.get(rgKind, "rg")
	token := rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation]
	u, err := url.Parse(e.srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	forged := strings.ReplaceAll(token, u.Host, "attacker.example")
	if token == "" || forged == token {
		t.Fatalf("no resume token naming %s: %q", u.Host, token)
	}
	rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] = forged
	if err := e.client.Update(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	e.step(rgKind, "rg")
	if e.inFlight(rgKind, "rg") {
		t.Fatalf("a token naming another host is still followed: %+v", e.ready(rgKind, "rg"))
	}
	if c := e.ready(rgKind, "rg"); c.Reason != "OperationLost" || !strings.Contains(c.Message, "attacker.example") {
		t.Errorf("%+v, want OperationLost naming the host", c)
	}
}

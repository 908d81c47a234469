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

// TestResumeTokenNamingAnotherSubscriptionIsLost: a resume token edited to poll an operation of
// another subscription, on the ARM endpoint itself, is held to the credential's subscription
// like every other ID the operator acts on: given up as lost, and nothing sent there.
func TestResumeTokenNamingAnotherSubscriptionIsLost(t *testing.T) {
	const other = "00000000-0000-0000-0000-0000000000ff"
	for _, deleting := range []bool{false, true} {
		e := newEnv(t, armfake.Options{LROPolls: 1000, ForceLRO: true}, group("rg", "", nil))
		e.step(rgKind, "rg")
		if deleting {
			e.srv.ClearFaults()
			rg := e.get(rgKind, "rg")
			// Let the PUT end, then start the DELETE.
			rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] = ""
			rg.GetAnnotations()[genruntime.PollerOperationAnnotation] = ""
			rg.GetAnnotations()[genruntime.PollerSentAnnotation] = ""
			if err := e.client.Update(context.Background(), rg); err != nil {
				t.Fatal(err)
			}
			if err := e.client.Delete(context.Background(), rg); err != nil {
				t.Fatal(err)
			}
			e.step(rgKind, "rg")
		}
		rg := e.get(rgKind, "rg")
		token := rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation]
		forged := strings.ReplaceAll(token, subscription, other)
		if token == "" || forged == token {
			t.Fatalf("deleting %v: no resume token naming %s: %q", deleting, subscription, token)
		}
		rg.GetAnnotations()[genruntime.PollerResumeTokenAnnotation] = forged
		if err := e.client.Update(context.Background(), rg); err != nil {
			t.Fatal(err)
		}
		e.step(rgKind, "rg")
		for _, r := range e.srv.Requests() {
			if strings.Contains(r.Path, other) {
				t.Errorf("deleting %v: %s %s sent outside the credential's subscription", deleting, r.Method, r.Path)
			}
		}
		if ev := drain(e); !strings.Contains(ev, "Warning OperationLost") || !strings.Contains(ev, other) {
			t.Errorf("deleting %v: no OperationLost Warning naming subscription %s:\n%s", deleting, other, ev)
		}
	}
}

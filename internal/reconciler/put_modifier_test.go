package reconciler_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// tagging is a PutModifier that asks ARM something with the resource's client, then tags the
// body: the tag stands for a choice made from Azure's state (as a vault's createMode is).
type tagging struct {
	calls   int
	refuse  bool
	seenIDs []string
}

func (m *tagging) ModifyPut(ctx context.Context, put *reconciler.Put) error {
	m.calls++
	m.seenIDs = append(m.seenIDs, put.ID+"@"+put.APIVersion)
	if m.refuse {
		return &reconciler.RefusedError{Reason: "ChoiceImpossible", Message: "nothing to choose from"}
	}
	var sub map[string]any
	if err := put.ARM.GetByID(ctx, "/subscriptions/"+subscription, "2021-04-01", &sub); err != nil {
		return err
	}
	put.Body["tags"] = map[string]any{"chosen": "call-" + string(rune('0'+m.calls))}
	put.Event("Chosen", "tagged")
	return nil
}

// TestPutModifierChangesTheBodySent: a kind's PutModifier runs right before each PUT of it, with
// the resource's ARM ID, api-version and client; the PUT carries the body it changed. What the
// PUT is recorded to carry stays what the spec made, so the modifier's choice does not read as
// a change of spec: a resync sends no PUT, and the modifier is not asked again until a PUT is
// due (here, a new generation, after a restart).
func TestPutModifierChangesTheBodySent(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	m := &tagging{}
	e.putModifiers = map[schema.GroupKind]reconciler.PutModifier{rgKind.GroupKind(): m}
	e.restart()
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	wantID := "/subscriptions/" + subscription + "/resourceGroups/rg@2021-04-01"
	if m.calls != 1 || m.seenIDs[0] != wantID {
		t.Fatalf("modifier called %d times with %v, want once with %s", m.calls, m.seenIDs, wantID)
	}
	puts := putBodies(e, "/resourceGroups/rg")
	if len(puts) != 1 || !strings.Contains(puts[0], `"chosen":"call-1"`) {
		t.Fatalf("PUT bodies %v, want one carrying the modifier's tag", puts)
	}
	if !strings.Contains(drain(e), "Chosen") {
		t.Error("no Event from the modifier")
	}

	e.srv.ResetRequests()
	e.settle(rgKind, "rg")
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 0 || m.calls != 1 {
		t.Errorf("a resync sent %d PUTs and asked the modifier %d times in all: its choice read as drift", n, m.calls)
	}

	e.restart()
	e.newGeneration(rgKind, "rg", func(o genruntime.ARMMetaObject) {})
	e.settle(rgKind, "rg")
	if puts := putBodies(e, "/resourceGroups/rg"); len(puts) != 1 || !strings.Contains(puts[0], `"chosen":"call-2"`) {
		t.Errorf("new generation: PUT bodies %v, want one chosen again", puts)
	}
}

// TestPutModifierRefusal: a refusal is an Error in the Ready condition with its reason, and no
// PUT is sent.
func TestPutModifierRefusal(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	e.putModifiers = map[schema.GroupKind]reconciler.PutModifier{rgKind.GroupKind(): &tagging{refuse: true}}
	e.restart()
	e.settle(rgKind, "rg")
	c := e.ready(rgKind, "rg")
	if c.Status == metav1.ConditionTrue || c.Reason != "ChoiceImpossible" || c.Severity != conditions.ConditionSeverityError ||
		c.Message != "nothing to choose from" {
		t.Errorf("Ready %+v, want an Error ChoiceImpossible", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 0 {
		t.Errorf("%d PUTs after a refusal", n)
	}
}

func putBodies(e *env, suffix string) []string {
	var out []string
	for _, r := range e.srv.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(strings.ToLower(r.Path), strings.ToLower(suffix)) {
			out = append(out, r.Body)
		}
	}
	return out
}

// askingMissing is a PutModifier whose question to ARM fails (a resource group that is not
// there), wrapped with what it was looking for, as a role assignment's lookup of its role is.
type askingMissing struct{}

func (askingMissing) ModifyPut(ctx context.Context, put *reconciler.Put) error {
	var rg map[string]any
	err := put.ARM.GetByID(ctx, "/subscriptions/"+subscription+"/resourceGroups/not-there", "2021-04-01", &rg)
	return fmt.Errorf("looking up the group the choice depends on: %w", err)
}

// TestPutModifierARMErrorSaysWhatWasAsked: an ARM error from a modifier's own request keeps
// ARM's code as the reason, and the condition says what the modifier was asking: ARM's message
// alone reads as if the resource's PUT had been refused.
func TestPutModifierARMErrorSaysWhatWasAsked(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	e.putModifiers = map[schema.GroupKind]reconciler.PutModifier{rgKind.GroupKind(): askingMissing{}}
	e.restart()
	// Stepped rather than settled: an ARM error is tried again later, which settle would wait for.
	var c conditions.Condition
	for range 5 {
		e.step(rgKind, "rg")
		if c = e.ready(rgKind, "rg"); c.Severity == conditions.ConditionSeverityWarning || c.Severity == conditions.ConditionSeverityError {
			break
		}
	}
	if c.Status == metav1.ConditionTrue || c.Reason != "ResourceGroupNotFound" ||
		!strings.HasPrefix(c.Message, "looking up the group the choice depends on: ") || !strings.Contains(c.Message, "not-there") {
		t.Errorf("Ready %+v, want ResourceGroupNotFound saying what the modifier looked up", c)
	}
	if n, _ := e.requests("PUT", "/resourceGroups/rg"); n != 0 {
		t.Errorf("%d PUTs after the modifier failed", n)
	}
}

package reconciler_test

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"pgregory.net/rapid"

	"github.com/armgen/armgen/pkg/armfake"
)

// modelFault is one way Azure misbehaves in the model. New kinds (operations that expire by
// age, a 409 for a second write during an operation, as armfake learns them) are one more entry
// in modelFaults.
type modelFault struct {
	name string
	// make draws the armfake fault for a request about o.
	make func(t *rapid.T, m *model, o *modelObj) armfake.Fault
	// rePUTs is how many more PUTs of the same generation the fault justifies (an operation
	// that failed after Azure accepted the PUT must be sent again).
	rePUTs int
	// server, when set, is a fault of armfake as a whole instead of an injected one (make is
	// then unused); its rePUTs go to every object of the sequence.
	server func(m *model)
}

func (f modelFault) GoString() string { return f.name }

// operationPaths match armfake's operation status and result URLs (any operation).
const operationPaths = "/subscriptions/*/providers/*/locations/*/operation*/*"

var modelFaults = []modelFault{
	{name: "throttle", make: func(t *rapid.T, m *model, o *modelObj) armfake.Fault {
		return armfake.Fault{Kind: armfake.FaultThrottle, Method: drawMethod(t), Path: o.id, Times: rapid.IntRange(1, 4).Draw(t, "times"),
			RetryAfter: armfake.Duration(time.Millisecond)}
	}},
	{name: "server error", make: func(t *rapid.T, m *model, o *modelObj) armfake.Fault {
		return armfake.Fault{Kind: armfake.FaultError, Method: drawMethod(t), Path: o.id, Times: rapid.IntRange(1, 4).Draw(t, "times"),
			Status: rapid.SampledFrom([]int{500, 503}).Draw(t, "status")}
	}},
	{name: "conflict in progress", make: func(t *rapid.T, m *model, o *modelObj) armfake.Fault {
		return armfake.Fault{Kind: armfake.FaultConflict, Method: rapid.SampledFrom([]string{"PUT", "DELETE"}).Draw(t, "method"), Path: o.id,
			Times: rapid.IntRange(1, 2).Draw(t, "times"), Code: "AnotherOperationInProgress"}
	}},
	// A 404 on an operation's URL cannot be told from an operation ARM forgot: the operator
	// gives it up (issue 25: an unpollable operation is dropped) and, not knowing what it did,
	// sends the PUT again. Each 404 may so justify one more PUT, of whichever object's operation
	// met it (the path matches every operation).
	{name: "operation not found for a while", make: func(t *rapid.T, m *model, o *modelObj) armfake.Fault {
		return armfake.Fault{Kind: armfake.FaultError, Method: "GET", Path: operationPaths, Status: 404, Code: "NotFound",
			Times: rapid.IntRange(1, 3).Draw(t, "times")}
	}, rePUTs: 1},
	// ARM forgets every operation started so far (an outage, resume tokens from a backup): their
	// URLs answer 404 for good, and those still running go on to their end, as Azure's do. (An
	// injected 404 on every operation URL instead, as this kind once was, also froze the
	// operations behind it: a resource group stayed Deleting forever, which no Azure does, and
	// the model could never settle.) A forgotten PUT may be sent again once.
	{name: "operations expire", server: func(m *model) { m.w.srv.ExpireOperations() }, rePUTs: 1},
	// Another writer (the portal, a script) updates the resource group with what it holds: a
	// long-running operation the operator did not start, during which armfake answers its
	// writes 409 AnotherOperationInProgress, as ARM does, until it ends (by polls or by time).
	{name: "another writer's operation", server: func(m *model) {
		rg := m.objs[0]
		body, ok := m.w.getFromAzureNoFatal(rg.id, apiVersionOf(rg))
		if !ok {
			return // not created yet (or gone): a PUT now would create it
		}
		var held struct {
			Location string            `json:"location"`
			Tags     map[string]string `json:"tags"`
		}
		if json.Unmarshal(body, &held) != nil {
			return
		}
		again, _ := json.Marshal(held)
		m.w.putToAzure(rg.id, apiVersionOf(rg), string(again))
	}},
	{name: "operation fails quoting the password", make: func(t *rapid.T, m *model, o *modelObj) armfake.Fault {
		// Aimed at the server, whose PUT carries the password: a service quotes what it was sent.
		// Only a PUT carrying this very password fails (BodyContains): once the Secret is
		// rotated, a PUT of the new password quoting the old one would be a service quoting
		// what it was never sent, which no redaction of the values an attempt read can hide.
		o = m.objs[1]
		return armfake.Fault{Kind: armfake.FaultLROFailed, Method: "PUT", Path: o.id, Times: 1, Code: "InvalidParameter",
			BodyContains: m.password, Message: "The password '" + m.password + "' does not meet the policy."}
	}, rePUTs: 1},
}

func drawMethod(t *rapid.T) string {
	return rapid.SampledFrom([]string{"GET", "PUT", "DELETE", "*"}).Draw(t, "method")
}

// faultsWithout is modelFaults less the kinds named in names (comma-separated).
func faultsWithout(names string) []modelFault {
	var out []modelFault
	for _, f := range modelFaults {
		if !slices.Contains(strings.Split(names, ","), f.name) {
			out = append(out, f)
		}
	}
	return out
}

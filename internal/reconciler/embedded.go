package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Some ARM resources embed their children in their own body (a virtual network's
// properties.subnets, a route table's routes, a network security group's securityRules), and a
// PUT of the parent that leaves the collection out deletes every child in Azure. Those children
// are kinds of their own here, so a spec rarely lists them; as Azure Service Operator does for
// these kinds, the PUT then carries the children Azure holds at that moment, and the parent's
// PUT leaves them as they are. A spec that does list them is sent as written. Such a PUT carries
// what a GET read, so it is sent only if the resource is still as read (If-Match on its etag).

// kindTable is the reconciler's index of generated kinds, built on first use.
type kindTable struct {
	once  sync.Once
	table *armkinds.Table
}

func (r *Reconciler) kinds() *armkinds.Table {
	r.kindTable.once.Do(func() {
		// A scheme without Azure kinds has nothing embedded: the table stays nil.
		r.kindTable.table, _ = armkinds.FromScheme(r.scheme)
	})
	return r.kindTable.table
}

// maxReadForPut bounds the GET and PUT rounds of a PUT that carries what a GET read: each
// 412 means someone wrote the resource in between, and the next round reads their change.
const maxReadForPut = 3

// sendPut sends the PUT of body. A body that leaves out embedded children gets them from a GET
// first (keepEmbedded), and the PUT is then sent with If-Match on that GET's etag: a child
// created between the GET and the PUT changes the etag, ARM refuses the PUT (412) instead of
// deleting the child, and the GET and PUT are made again, a bounded number of times.
func (a *attempt) sendPut(ctx context.Context, spec genruntime.ARMTransformer, body []byte, apiVersion, why string) (*armclient.Poller, error) {
	for round := 1; ; round++ {
		sent, etag, err := a.keepEmbedded(ctx, spec, body, apiVersion)
		if err != nil {
			return nil, err
		}
		a.logInfo(ctx, "sending PUT", "id", a.id, "apiVersion", apiVersion, "why", why, "ifMatch", etag != "")
		p, err := a.arm.BeginCreateOrUpdateIfMatch(ctx, a.id, apiVersion, json.RawMessage(sent), etag)
		if err == nil || etag == "" || !armclient.IsPreconditionFailed(err) || round == maxReadForPut {
			return p, err
		}
		why = "changed in Azure since it was read"
	}
}

// keepEmbedded adds to a PUT body the embedded child collections it leaves out, as Azure holds
// them now, and returns the etag of the resource as read (empty when nothing was read, or the
// type has none), for the PUT's If-Match. A resource that does not exist yet has none to keep.
func (a *attempt) keepEmbedded(ctx context.Context, spec genruntime.ARMTransformer, body []byte, apiVersion string) ([]byte, string, error) {
	t := a.r.kinds()
	if t == nil {
		return body, "", nil
	}
	segments := t.Embedded(a.obj.GetType(), spec.NewEmptyARMValue())
	if len(segments) == 0 {
		return body, "", nil
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, "", fmt.Errorf("reading the PUT body: %w", err)
	}
	props, _ := m["properties"].(map[string]any)
	var missing []string
	for _, s := range segments {
		if _, ok := props[s]; !ok {
			missing = append(missing, s)
		}
	}
	if len(missing) == 0 {
		return body, "", nil
	}
	var actual struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	etag, err := a.arm.GetWithETag(ctx, a.id, apiVersion, &actual)
	if err != nil {
		if armclient.IsNotFound(err) {
			return body, "", nil
		}
		return nil, "", err
	}
	kept := false
	for _, s := range missing {
		v, ok := actual.Properties[s]
		if !ok {
			continue
		}
		if props == nil {
			props = map[string]any{}
			m["properties"] = props
		}
		props[s] = v
		kept = true
	}
	if !kept {
		// Nothing read goes into the PUT: it needs no condition.
		return body, "", nil
	}
	out, err := json.Marshal(m)
	return out, etag, err
}

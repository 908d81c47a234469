package reconciler

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Some ARM resources embed their children in their own body (a virtual network's
// properties.subnets, a route table's routes, a network security group's securityRules), and a
// PUT of the parent is the whole truth about them: a child the collection leaves out is
// deleted, and a PUT that leaves the collection out deletes every child. Where those children
// are kinds of their own here, the parent's PUT must not delete the ones made as kinds, or by
// anyone else: as Azure Service Operator does for these kinds, a spec that leaves the collection
// out gets the children Azure holds at that moment, and a spec that lists some of them gets the
// others Azure holds added by name (ASO's load balancer does so with its inbound NAT rules).
// Such a PUT is judged from what a GET read, so it is sent only if the resource is still as
// read (If-Match on its etag).

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
// first (keepEmbedded), and the PUT of a resource that embeds children is then sent with
// If-Match on that GET's etag, even when the body already named every child it read: a child
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

// keepEmbedded adds to a PUT body the embedded children of kinds it does not name, as Azure holds
// them now: a whole collection the body leaves out, or the children a listed collection lacks
// (matched by name, as ARM matches them). It returns the etag of the resource as read (empty
// when the type has none), for the PUT's If-Match, whether or not anything read went into the
// body: the body lists every child the resource will have, which only holds while no child was
// made since the GET. A resource that does not exist yet has none to keep.
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
	props, _ := m["properties"].(map[string]any)
	kept := false
	for _, s := range segments {
		held, ok := actual.Properties[s]
		if !ok {
			continue
		}
		listed, isListed := props[s]
		if !isListed {
			if props == nil {
				props = map[string]any{}
				m["properties"] = props
			}
			props[s] = held
			kept = true
			continue
		}
		merged, added, err := addUnnamed(listed, held)
		if err != nil {
			return nil, "", fmt.Errorf("reading properties.%s: %w", s, err)
		}
		if added {
			props[s] = merged
			kept = true
		}
	}
	if !kept {
		// Nothing read goes into the body, but the PUT is still the whole truth about each
		// collection, judged right by the GET alone: a child made since (a kind's own PUT)
		// would be deleted by it, so it too is sent only if the resource is still as read.
		return body, etag, nil
	}
	out, err := json.Marshal(m)
	return out, etag, err
}

// addUnnamed appends to the children a spec lists those Azure holds under other names (ARM
// compares child names without regard to case).
func addUnnamed(listed any, held json.RawMessage) ([]any, bool, error) {
	items, _ := listed.([]any)
	var azure []map[string]any
	if err := json.Unmarshal(held, &azure); err != nil {
		return nil, false, err
	}
	named := map[string]bool{}
	for _, it := range items {
		if o, ok := it.(map[string]any); ok {
			if n, ok := o["name"].(string); ok {
				named[strings.ToLower(n)] = true
			}
		}
	}
	added := false
	for _, child := range azure {
		n, _ := child["name"].(string)
		if n == "" || named[strings.ToLower(n)] {
			continue
		}
		items = append(items, child)
		added = true
	}
	return items, added, nil
}

package importer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/pkg/genruntime"
)

// ARM is what the importer reads Azure with (an *armclient.Client).
type ARM interface {
	GetByID(ctx context.Context, id, apiVersion string, into any) error
	List(ctx context.Context, collectionID, apiVersion string) ([]json.RawMessage, error)
}

// Options configure an import.
type Options struct {
	ARM   ARM
	Kinds *armkinds.Table
	// Namespace is written into every object's metadata; empty leaves it to kubectl.
	Namespace string
	// ReconcilePolicy is written into every object's reconcile-policy annotation.
	ReconcilePolicy genruntime.ReconcilePolicy
	// Progress receives a line per resource imported or skipped, and per error (nil: none).
	Progress io.Writer
	// CheckSubscription, when set, refuses an ARM ID named for import (an error naming it):
	// the operator acts in its credential's subscription, so resources of another one would
	// be created anew there, not adopted.
	CheckSubscription func(armID string) error
	// NotImportable are the kinds the import refuses ($importable: false in the generator's
	// configuration, carried in genruntime.KnownResource): a resource of one named for import
	// is an error naming the kind, one found below another is skipped with why.
	NotImportable map[schema.GroupKind]bool
}

// ErrUnlistedEnumValue marks a resource left out because Azure reported a spec enum value the
// CRD does not accept.
var ErrUnlistedEnumValue = errors.New("enum value the CRD does not accept")

// Object is one imported resource.
type Object struct {
	// ID is the resource's ARM ID.
	ID   string
	Kind armkinds.Kind
	// Object has metadata (name, namespace, reconcile-policy annotation) and spec; no status.
	Object genruntime.ARMMetaObject
}

// Skipped is a resource, or a collection of children, that was not imported.
type Skipped struct {
	ID      string
	ARMType string
	Reason  string
}

// Result is what an import found, parents before children.
type Result struct {
	Objects []Object
	Skipped []Skipped
	// Errors each name the ARM ID they concern; what could be imported despite them is in Objects.
	Errors []error
}

// Importer imports resources; one Importer keeps Kubernetes names unique across its imports.
type Importer struct {
	opts Options
	// done maps lower-cased ARM IDs to what they were imported as.
	done map[string]*Object
	// names holds the Kubernetes names given, per kind, with the ARM ID each was given to.
	names map[schema.GroupKind]map[string]string
}

// New returns an Importer.
func New(opts Options) (*Importer, error) {
	if opts.ARM == nil || opts.Kinds == nil {
		return nil, errors.New("importer: an ARM client and a kind table are needed")
	}
	if opts.ReconcilePolicy == "" {
		opts.ReconcilePolicy = genruntime.ReconcilePolicyManage
	}
	if opts.Progress == nil {
		opts.Progress = io.Discard
	}
	return &Importer{opts: opts, done: map[string]*Object{}, names: map[schema.GroupKind]map[string]string{}}, nil
}

// work is a resource to import.
type work struct {
	id   *arm.ResourceID
	root bool
}

// Import imports each resource of ids with every resource below it that has a generated kind.
// A resource reached twice (named, and below another named one) is imported once.
func (im *Importer) Import(ctx context.Context, ids []string) *Result {
	res := &Result{}
	var queue []work
	for _, s := range ids {
		id, err := arm.ParseResourceID(strings.TrimSpace(s))
		if err != nil {
			im.fail(res, fmt.Errorf("%s: %w", s, err))
			continue
		}
		if check := im.opts.CheckSubscription; check != nil {
			if err := check(id.String()); err != nil {
				im.fail(res, err)
				continue
			}
		}
		queue = append(queue, work{id: id, root: true})
	}
	// Ancestors first, so that a resource named beside its parent is owned by name.
	slices.SortStableFunc(queue, func(a, b work) int { return depth(a.id) - depth(b.id) })
	for len(queue) > 0 {
		if err := ctx.Err(); err != nil {
			im.fail(res, err)
			break
		}
		w := queue[0]
		queue = queue[1:]
		if im.done[key(w.id.String())] != nil {
			continue
		}
		queue = append(queue, im.importOne(ctx, w, res)...)
	}
	return res
}

func depth(id *arm.ResourceID) int { return strings.Count(strings.Trim(id.String(), "/"), "/") }

func key(id string) string { return strings.ToLower(strings.TrimRight(id, "/")) }

func (im *Importer) fail(res *Result, err error) {
	res.Errors = append(res.Errors, err)
	fmt.Fprintf(im.opts.Progress, "error: %v\n", err)
}

func (im *Importer) skip(res *Result, id, armType, reason string) {
	res.Skipped = append(res.Skipped, Skipped{ID: id, ARMType: armType, Reason: reason})
	fmt.Fprintf(im.opts.Progress, "skipped %s: %s\n", id, reason)
}

// importOne reads and converts one resource, and returns the resources below it to import.
func (im *Importer) importOne(ctx context.Context, w work, res *Result) []work {
	id := w.id.String()
	armType := w.id.ResourceType.String()
	k, ok := im.opts.Kinds.ForType(armType)
	if !ok {
		reason := "no generated kind for " + armType
		if w.root {
			im.fail(res, fmt.Errorf("%s: %s", id, reason))
		} else {
			im.skip(res, id, armType, reason)
		}
		return nil
	}
	if gk := k.GVK.GroupKind(); im.opts.NotImportable[gk] {
		reason := fmt.Sprintf("%s (%s) is not importable: its generator configuration sets $importable: false, "+
			"as Azure Service Operator's does, so the import command refuses it; write its manifest by hand", gk.Kind, gk.Group)
		if w.root {
			im.fail(res, fmt.Errorf("%s: %s", id, reason))
		} else {
			im.skip(res, id, armType, reason)
		}
		return nil
	}
	var body json.RawMessage
	if err := im.opts.ARM.GetByID(ctx, id, k.APIVersion, &body); err != nil {
		if !w.root && armclient.IsNotFound(err) {
			im.skip(res, id, armType, "deleted while the import ran")
		} else {
			im.fail(res, fmt.Errorf("reading %s: %w", id, err))
		}
		return nil
	}
	o, err := im.convert(k, w.id, body)
	if err != nil {
		im.fail(res, fmt.Errorf("converting %s to %s: %w", id, k.GVK, err))
		return nil
	}
	res.Objects = append(res.Objects, *o)
	im.done[key(id)] = o
	fmt.Fprintf(im.opts.Progress, "[%d] imported %s %s from %s\n", len(res.Objects), k.GVK.Kind, o.Object.GetName(), id)
	return im.children(ctx, w.id, k, res)
}

// convert turns a GET body into an object of kind k.
func (im *Importer) convert(k armkinds.Kind, id *arm.ResourceID, body json.RawMessage) (*Object, error) {
	obj, err := im.opts.Kinds.New(k)
	if err != nil {
		return nil, err
	}
	specValue := reflect.ValueOf(obj).Elem().FieldByName("Spec")
	if !specValue.IsValid() {
		return nil, fmt.Errorf("%T has no spec", obj)
	}
	spec, ok := specValue.Addr().Interface().(genruntime.FromARMConverter)
	if !ok {
		return nil, fmt.Errorf("the spec of %T does not convert from ARM", obj)
	}
	armValue := spec.NewEmptyARMValue()
	if err := json.Unmarshal(body, armValue); err != nil {
		return nil, fmt.Errorf("decoding the answer of ARM: %w", err)
	}
	owner, ownerName := im.ownerOf(id)
	if err := spec.PopulateFromARM(owner, armValue); err != nil {
		return nil, err
	}
	im.clearEmbedded(k, specValue)
	if bad := unlistedEnumValues(specValue); len(bad) > 0 {
		return nil, fmt.Errorf("%w: %s; the resource is left out rather than written as YAML kubectl apply would refuse "+
			"(import it with a kind of a newer API version that lists the value, or write it by hand)",
			ErrUnlistedEnumValue, strings.Join(bad, "; "))
	}
	obj.SetName(im.kubeName(k, id.String(), genruntime.NameFromARM(id.Name), ownerName))
	obj.SetNamespace(im.opts.Namespace)
	obj.SetAnnotations(map[string]string{genruntime.ReconcilePolicyAnnotation: string(im.opts.ReconcilePolicy)})
	return &Object{ID: id.String(), Kind: k, Object: obj}, nil
}

// ownerOf is the owner PopulateFromARM records: the parent by Kubernetes name when it was
// imported, else by ARM ID; none for a resource directly in a subscription or tenant.
func (im *Importer) ownerOf(id *arm.ResourceID) (genruntime.ArbitraryOwnerReference, string) {
	p := id.Parent
	if p == nil || p.ResourceType.String() == arm.SubscriptionResourceType.String() || p.ResourceType.String() == arm.TenantResourceType.String() {
		return genruntime.ArbitraryOwnerReference{}, ""
	}
	if o := im.done[key(p.String())]; o != nil {
		name := o.Object.GetName()
		return genruntime.ArbitraryOwnerReference{Group: o.Kind.GVK.Group, Kind: o.Kind.GVK.Kind, Name: name}, name
	}
	return genruntime.ArbitraryOwnerReference{ARMID: p.String()}, ""
}

// clearEmbedded empties the spec's lists of children that are kinds of their own (see the
// package documentation).
func (im *Importer) clearEmbedded(k armkinds.Kind, spec reflect.Value) {
	for _, c := range im.opts.Kinds.Children(k.ARMType) {
		for _, holder := range []string{"", "properties"} {
			v := spec
			if holder != "" {
				var ok bool
				if v, ok = armkinds.FieldByJSON(spec, holder); !ok {
					continue
				}
			}
			if f, ok := armkinds.FieldByJSON(v, c.Segment()); ok && f.Kind() == reflect.Slice && f.CanSet() {
				f.Set(reflect.Zero(f.Type()))
			}
		}
	}
}

// children lists the resources below a resource that have a generated kind.
func (im *Importer) children(ctx context.Context, id *arm.ResourceID, k armkinds.Kind, res *Result) []work {
	var out []work
	add := func(childID string) {
		cid, err := arm.ParseResourceID(childID)
		if err != nil {
			im.fail(res, fmt.Errorf("ARM listed %q below %s: %w", childID, id, err))
			return
		}
		out = append(out, work{id: cid})
	}
	if strings.EqualFold(k.ARMType, arm.ResourceGroupResourceType.String()) {
		items, err := im.opts.ARM.List(ctx, id.String()+"/resources", k.APIVersion)
		if err != nil {
			im.fail(res, fmt.Errorf("listing the resources of %s: %w", id, err))
		}
		for _, it := range decodeItems(items) {
			if strings.Count(it.Type, "/") != 1 {
				continue // a nested resource is reached through its parent
			}
			if _, ok := im.opts.Kinds.ForType(it.Type); !ok {
				im.skip(res, it.ID, it.Type, "no generated kind for "+it.Type)
				continue
			}
			add(it.ID)
		}
	}
	for _, c := range im.opts.Kinds.Children(k.ARMType) {
		collection := id.String() + "/" + c.Segment()
		items, err := im.opts.ARM.List(ctx, collection, c.APIVersion)
		if err != nil {
			if e := armclient.Classify(err); e.StatusCode == http.StatusNotFound || e.StatusCode == http.StatusMethodNotAllowed ||
				e.StatusCode == http.StatusBadRequest || e.StatusCode == http.StatusForbidden {
				im.skip(res, collection, c.ARMType, "cannot list: "+e.Error())
				continue
			}
			im.fail(res, fmt.Errorf("listing %s: %w", collection, err))
			continue
		}
		for _, it := range decodeItems(items) {
			childID := it.ID
			if childID == "" {
				childID = collection + "/" + genruntime.NameFromARM(it.Name)
			}
			add(childID)
		}
	}
	return out
}

type listItem struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

func decodeItems(items []json.RawMessage) []listItem {
	out := make([]listItem, 0, len(items))
	for _, raw := range items {
		var it listItem
		if json.Unmarshal(raw, &it) == nil && (it.ID != "" || it.Name != "") {
			out = append(out, it)
		}
	}
	return out
}

package exporters

import (
	"bytes"
	"context"
	"fmt"
	"maps"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// write creates or updates each object, controlled by owner.
//
// The collision rule: a Secret or ConfigMap the operator writes is controlled by exactly one
// resource (its controller ownerReference), and holds exactly the keys that resource exports.
// An object controlled by another resource, or made by someone else (no controller), is never
// written: the resource reports SecretOwnedByAnotherResource or SecretAlreadyExists (and the
// ConfigMap twins), naming the object and its controller. So an exported object is garbage
// collected with the one resource that wrote it, and never deleted while another resource
// still writes the same name; and no resource silently takes over what another wrote, nor a
// Secret a person made.
func (e *Exporter) write(ctx context.Context, owner client.Object, objs []*object) ([]Written, error) {
	gvk := owner.GetObjectKind().GroupVersionKind()
	if gvk.Kind == "" {
		return nil, fmt.Errorf("exporting for %s: the object has no kind set", owner.GetName())
	}
	ref := *metav1.NewControllerRef(owner, gvk)
	var out []Written
	for _, o := range objs {
		created, changed, err := e.writeOne(ctx, owner, ref, o)
		if err != nil {
			return out, err
		}
		if changed {
			out = append(out, Written{Kind: o.kind.String(), Name: o.name, Created: created})
		}
	}
	return out, nil
}

func (e *Exporter) writeOne(ctx context.Context, owner client.Object, ref metav1.OwnerReference, o *object) (created, changed bool, err error) {
	var (
		obj   client.Object
		same  func() bool
		fill  func()
		fresh func() client.Object
	)
	switch o.kind {
	case toSecret:
		s := &corev1.Secret{}
		obj = s
		same = func() bool { return secretDataEqual(s.Data, o.data) }
		fill = func() {
			s.Data = make(map[string][]byte, len(o.data))
			for k, v := range o.data {
				s.Data[k] = []byte(v)
			}
			s.StringData = nil
		}
		fresh = func() client.Object { s.Type = corev1.SecretTypeOpaque; return s }
	default:
		c := &corev1.ConfigMap{}
		obj = c
		same = func() bool { return maps.Equal(c.Data, o.data) && len(c.BinaryData) == 0 }
		fill = func() { c.Data = maps.Clone(o.data); c.BinaryData = nil }
		fresh = func() client.Object { return c }
	}
	key := types.NamespacedName{Namespace: owner.GetNamespace(), Name: o.name}
	err = e.client.Get(ctx, key, obj)
	if apierrors.IsNotFound(err) {
		obj.SetNamespace(key.Namespace)
		obj.SetName(key.Name)
		obj.SetOwnerReferences([]metav1.OwnerReference{ref})
		fill()
		if err := e.client.Create(ctx, fresh()); err != nil {
			return false, false, fmt.Errorf("creating %s %q: %w", o.kind, o.name, err)
		}
		return true, true, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("reading %s %q: %w", o.kind, o.name, err)
	}
	controlled, err := checkOwner(obj, owner, o)
	if err != nil {
		return false, false, err
	}
	if controlled && same() {
		return false, false, nil
	}
	fill()
	if !controlled {
		// Ours without being its controller (an older writer): make it ours alone.
		var refs []metav1.OwnerReference
		for _, r := range obj.GetOwnerReferences() {
			if r.UID != owner.GetUID() {
				refs = append(refs, r)
			}
		}
		obj.SetOwnerReferences(append(refs, ref))
	}
	if err := e.client.Update(ctx, obj); err != nil {
		return false, false, fmt.Errorf("updating %s %q: %w", o.kind, o.name, err)
	}
	return false, true, nil
}

// checkOwner applies the collision rule to an object that exists: it may be written when owner
// controls it (controlled), or holds an ownerReference to owner and no other controller.
func checkOwner(obj, owner client.Object, o *object) (controlled bool, err error) {
	ctl := metav1.GetControllerOfNoCopy(obj)
	if ctl != nil {
		if ctl.UID == owner.GetUID() {
			return true, nil
		}
		group := schema.FromAPIVersionAndKind(ctl.APIVersion, ctl.Kind).Group
		if group != "" {
			group = " (" + group + ")"
		}
		return false, &Error{Reason: ownedReason(o.kind),
			Message: fmt.Sprintf("%s %q, which %s writes, is controlled by %s %q%s: one %s is written by one resource; choose another name",
				o.kind, o.name, o.what(), ctl.Kind, ctl.Name, group, o.kind)}
	}
	for _, r := range obj.GetOwnerReferences() {
		if r.UID == owner.GetUID() {
			return false, nil
		}
	}
	return false, &Error{Reason: existsReason(o.kind),
		Message: fmt.Sprintf("%s %q, which %s writes, already exists and was not made by the operator: it is not overwritten; delete it or choose another name",
			o.kind, o.name, o.what())}
}

func ownedReason(k destKind) string {
	if k == toSecret {
		return ReasonSecretOwnedByAnotherResource
	}
	return ReasonConfigMapOwnedByAnotherResource
}

func existsReason(k destKind) string {
	if k == toSecret {
		return ReasonSecretAlreadyExists
	}
	return ReasonConfigMapAlreadyExists
}

func secretDataEqual(have map[string][]byte, want map[string]string) bool {
	if len(have) != len(want) {
		return false
	}
	for k, v := range want {
		h, ok := have[k]
		if !ok || !bytes.Equal(h, []byte(v)) {
			return false
		}
	}
	return true
}

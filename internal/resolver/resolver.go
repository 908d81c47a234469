package resolver

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Resolver reads references, owners, Secrets and ConfigMaps from the cluster.
type Resolver struct {
	reader client.Reader
	scheme *runtime.Scheme
	// kinds maps each generated group and kind to the version the operator reads it at (its hub).
	kinds map[schema.GroupKind]schema.GroupVersionKind
}

// New returns a Resolver reading through reader; kinds are the versions objects are read at,
// one per group and kind (the hubs the controllers watch).
func New(reader client.Reader, scheme *runtime.Scheme, kinds []schema.GroupVersionKind) *Resolver {
	r := &Resolver{reader: reader, scheme: scheme, kinds: make(map[schema.GroupKind]schema.GroupVersionKind, len(kinds))}
	for _, gvk := range kinds {
		r.kinds[gvk.GroupKind()] = gvk
	}
	return r
}

// Object reads the generated resource group/kind/name in namespace. A missing object, or a kind
// the operator does not know, is an Error with reason.
func (r *Resolver) Object(ctx context.Context, namespace, group, kind, name, reason string) (genruntime.ARMMetaObject, error) {
	gk := schema.GroupKind{Group: group, Kind: kind}
	gvk, ok := r.kinds[gk]
	if !ok {
		return nil, &Error{Reason: reason, Fatal: true, Message: fmt.Sprintf("%s is not a kind this operator manages", gk)}
	}
	o, err := r.scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil, fmt.Errorf("%s is not an Azure resource", gvk)
	}
	if err := r.reader.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, obj); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, &Error{Reason: reason, Message: fmt.Sprintf("%s %s/%s does not exist", gk, namespace, name)}
		}
		return nil, err
	}
	return obj, nil
}

// TypeOf is the ARM type of the generated kind group/kind, or "" for a kind the operator does
// not manage: what an owner's kind says about its children's IDs when the owner itself is gone.
func (r *Resolver) TypeOf(group, kind string) string {
	gvk, ok := r.kinds[schema.GroupKind{Group: group, Kind: kind}]
	if !ok {
		return ""
	}
	o, err := r.scheme.New(gvk)
	if err != nil {
		return ""
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return ""
	}
	return obj.GetType()
}

// ARMIDOf returns the ARM ID of a resource once it exists in Azure: its resource-id annotation,
// set when it was claimed, is used only once it is Ready or Azure holds its current generation,
// since until then Azure may not have it.
func ARMIDOf(obj genruntime.ARMMetaObject, reason string) (string, error) {
	gk := obj.GetObjectKind().GroupVersionKind().GroupKind()
	what := fmt.Sprintf("%s %s/%s", gk.Kind, obj.GetNamespace(), obj.GetName())
	id := obj.GetAnnotations()[genruntime.ResourceIDAnnotation]
	ready, _ := obj.GetConditions().Get(conditions.ConditionTypeReady)
	// Azure holding its current generation is enough (genruntime.IsApplied): a throttled read
	// turns a resource not Ready for a while without taking it out of Azure, and its children
	// must not start waiting (and PUT again after) for that.
	usable := ready.Status == metav1.ConditionTrue || (genruntime.IsApplied(obj) && obj.GetDeletionTimestamp().IsZero())
	if id == "" || !usable {
		return "", &Error{Reason: reason, Message: what + " is not Ready yet"}
	}
	return id, nil
}

// Resolve looks up everything spec refers to (see Collect). checkARMID, when set, vets each ARM
// ID reference (the credential's CheckSubscription refuses one outside its subscription, so
// that a namespace reaches no further than its credential was meant to).
func (r *Resolver) Resolve(ctx context.Context, namespace string, spec any, checkARMID func(string) error) (genruntime.ConvertToARMResolvedDetails, error) {
	out, _, err := r.ResolveWithInputs(ctx, namespace, spec, checkARMID)
	return out, err
}

// ResolveWithInputs is Resolve, and also says which version of each Secret and ConfigMap the
// values were read from.
func (r *Resolver) ResolveWithInputs(ctx context.Context, namespace string, spec any, checkARMID func(string) error) (genruntime.ConvertToARMResolvedDetails, Inputs, error) {
	out, in := genruntime.ConvertToARMResolvedDetails{}, Inputs{}
	err := r.resolve(ctx, namespace, spec, checkARMID, &out, in)
	return out, in, err
}

func (r *Resolver) resolve(ctx context.Context, namespace string, spec any, checkARMID func(string) error, out *genruntime.ConvertToARMResolvedDetails, in Inputs) error {
	found := Collect(spec)
	if len(found.References) > 0 {
		out.ResolvedReferences = make(map[genruntime.ResourceReference]string, len(found.References))
	}
	for _, ref := range found.References {
		if ref.IsDirectARMReference() {
			// The CRD's pattern lets .. segments through, and a reference built in code meets
			// no pattern at all: the ID is sent as it is written, so it must parse as it is.
			if _, err := genruntime.ParseARMID(ref.ARMID); err != nil {
				var e *genruntime.ARMIDError
				if errors.As(err, &e) {
					err = e.At(found.Where[ref] + ".armId")
				}
				return &Error{Reason: ReasonReferenceNotFound, Fatal: true, Message: err.Error()}
			}
			if checkARMID != nil {
				if err := checkARMID(ref.ARMID); err != nil {
					return err
				}
			}
			continue
		}
		if err := ref.Validate(); err != nil {
			return &Error{Reason: ReasonReferenceNotFound, Fatal: true, Message: err.Error()}
		}
		obj, err := r.Object(ctx, namespace, ref.Group, ref.Kind, ref.Name, ReasonReferenceNotFound)
		if err != nil {
			return err
		}
		id, err := ARMIDOf(obj, ReasonReferenceNotFound)
		if err != nil {
			return err
		}
		out.ResolvedReferences[ref] = id
	}
	for _, s := range found.Secrets {
		if out.ResolvedSecrets == nil {
			out.ResolvedSecrets = make(map[genruntime.SecretReference]string)
		}
		var secret corev1.Secret
		v, err := readKey(ctx, r.reader, namespace, s.Name, s.Key, &secret, func() (map[string][]byte, map[string]string) { return secret.Data, secret.StringData })
		if err != nil {
			return notFound(err, ReasonSecretNotFound, s.String())
		}
		in["Secret/"+s.Name] = secret.ResourceVersion
		out.ResolvedSecrets[s] = v
	}
	for _, s := range found.SecretMaps {
		if out.ResolvedSecretMaps == nil {
			out.ResolvedSecretMaps = make(map[genruntime.SecretMapReference]map[string]string)
		}
		var secret corev1.Secret
		if err := r.reader.Get(ctx, types.NamespacedName{Namespace: namespace, Name: s.Name}, &secret); err != nil {
			return notFound(err, ReasonSecretNotFound, s.String())
		}
		in["Secret/"+s.Name] = secret.ResourceVersion
		out.ResolvedSecretMaps[s] = secretData(&secret)
	}
	for _, c := range found.ConfigMaps {
		if out.ResolvedConfigMaps == nil {
			out.ResolvedConfigMaps = make(map[genruntime.ConfigMapReference]string)
		}
		var cm corev1.ConfigMap
		v, err := readKey(ctx, r.reader, namespace, c.Name, c.Key, &cm, func() (map[string][]byte, map[string]string) { return cm.BinaryData, cm.Data })
		if err != nil {
			return notFound(err, ReasonConfigMapNotFound, c.String())
		}
		in["ConfigMap/"+c.Name] = cm.ResourceVersion
		out.ResolvedConfigMaps[c] = v
	}
	return nil
}

// secretData is every key of a Secret with its value, as a map of secrets sends them: data, and
// stringData where a client wrote it without the API server folding it into data.
func secretData(s *corev1.Secret) map[string]string {
	out := make(map[string]string, len(s.Data)+len(s.StringData))
	for k, v := range s.StringData {
		out[k] = v
	}
	for k, v := range s.Data {
		out[k] = string(v)
	}
	return out
}

// errMissingKey marks an object that exists without the key asked for.
type errMissingKey struct{ key string }

func (e errMissingKey) Error() string { return "has no key " + e.key }

func readKey(ctx context.Context, reader client.Reader, namespace, name, key string, obj client.Object, data func() (map[string][]byte, map[string]string)) (string, error) {
	if err := reader.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, obj); err != nil {
		return "", err
	}
	bin, text := data()
	if v, ok := bin[key]; ok {
		return string(v), nil
	}
	if v, ok := text[key]; ok {
		return v, nil
	}
	return "", errMissingKey{key}
}

// notFound turns a read failure into the condition's Error; it names the object and key, never
// a value.
func notFound(err error, reason, what string) error {
	var mk errMissingKey
	switch {
	case apierrors.IsNotFound(err):
		return &Error{Reason: reason, Message: what + ": does not exist"}
	case errors.As(err, &mk):
		return &Error{Reason: reason, Message: what + ": " + mk.Error()}
	default:
		return fmt.Errorf("reading %s: %w", what, err)
	}
}

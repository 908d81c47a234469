package reconciler_test

import (
	"context"
	"strings"

	"pgregory.net/rapid"

	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// actions are what may happen between two settles, each a rapid action: the users' edits, the
// cluster's and other controllers' doings, the operator's restarts and single reconciles, and
// Azure's faults.
func (m *model) actions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"reconcile": func(t *rapid.T) {
			o := m.pick(t)
			m.w.steps++
			_, _ = m.reconcile(o) // errors are requeues; the invariants judge the outcome
		},
		"editSpec": func(t *rapid.T) {
			o := m.pickLive(t)
			m.w.steps++
			m.change(t, o, func(obj genruntime.ARMMetaObject) {
				o.gen++
				setTags(obj, genTags(o.gen))
				obj.SetGeneration(o.gen)
			})
		},
		"rotateSecret": func(t *rapid.T) {
			m.w.steps++
			var s corev1.Secret
			if err := m.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "pw"}, &s); err != nil {
				t.Fatal(err)
			}
			m.password = m.newPassword()
			s.Data = map[string][]byte{"password": []byte(m.password)}
			if err := m.client.Update(context.Background(), &s); err != nil {
				t.Fatal(err)
			}
		},
		"delete": func(t *rapid.T) {
			o := m.pickLive(t)
			m.w.steps++
			m.delete(t, o)
		},
		"restart": func(t *rapid.T) {
			m.w.steps++
			m.restart(t)
		},
		"staleReads": func(t *rapid.T) {
			m.w.steps++
			m.reads.stale = true
		},
		"namespaceReadFails": func(t *rapid.T) {
			m.w.steps++
			m.reads.failNamespaceReads = rapid.IntRange(1, 3).Draw(t, "failedReads")
		},
		"setPolicy": func(t *rapid.T) {
			o := m.pick(t)
			policy := rapid.SampledFrom([]string{"", "manage", "skip", "detach-on-delete"}).Draw(t, "policy")
			m.w.steps++
			before := m.effectivePolicy(o)
			if m.change(t, o, func(obj genruntime.ARMMetaObject) { setAnnotation(obj, genruntime.ReconcilePolicyAnnotation, policy) }) {
				o.policy = policy
				m.policyChanged(o, before)
			}
		},
		"setNamespacePolicy": func(t *rapid.T) {
			policy := rapid.SampledFrom([]string{"", "manage", "skip", "detach-on-delete"}).Draw(t, "policy")
			m.w.steps++
			var ns corev1.Namespace
			if err := m.client.Get(context.Background(), client.ObjectKey{Name: "ns"}, &ns); err != nil {
				t.Fatal(err)
			}
			m.reads.remember(&ns)
			before := map[*modelObj]string{}
			for _, o := range m.objs {
				before[o] = m.effectivePolicy(o)
			}
			setAnnotation(&ns, genruntime.ReconcilePolicyAnnotation, policy)
			if err := m.client.Update(context.Background(), &ns); err != nil {
				t.Fatal(err)
			}
			m.nsPolicy = policy
			for _, o := range m.objs {
				m.policyChanged(o, before[o])
			}
		},
		"tamperAnnotation": func(t *rapid.T) {
			o := m.pick(t)
			which := rapid.SampledFrom([]string{"resource-id", "resume-token", "policy"}).Draw(t, "annotation")
			m.w.steps++
			m.change(t, o, func(obj genruntime.ARMMetaObject) {
				switch which {
				case "resource-id":
					setAnnotation(obj, genruntime.ResourceIDAnnotation, victimID(m.seq))
					o.tampered = true
				case "resume-token":
					setAnnotation(obj, genruntime.PollerResumeTokenAnnotation, "eyJub3QiOiJhIHRva2VuIn0")
					o.rePUTs++
				case "policy":
					setAnnotation(obj, genruntime.ReconcilePolicyAnnotation, "sometimes")
					// Not tampered for good: the policy reads as no policy (effectivePolicy is
					// not manage) until a setPolicy puts a valid one back, which the operator
					// then obeys, DELETE included, like any policy the user sets.
					o.policy = "sometimes"
				}
			})
		},
		"otherFinalizer": func(t *rapid.T) {
			o := m.pick(t)
			m.w.steps++
			if m.change(t, o, func(obj genruntime.ARMMetaObject) { controllerutil.AddFinalizer(obj, otherFinalizer) }) {
				o.otherFinalizer = true
			}
		},
		"armFault": func(t *rapid.T) {
			o := m.pick(t)
			kind := rapid.SampledFrom(faultsWithout(*modelWithout)).Draw(t, "fault")
			m.w.steps++
			if kind.server != nil {
				kind.server(m)
				for _, target := range m.objs {
					target.rePUTs += kind.rePUTs
				}
				return
			}
			f := kind.make(t, m, o)
			if err := m.w.srv.AddFault(f); err != nil {
				t.Fatal(err)
			}
			for _, target := range m.objs {
				switch {
				case f.Path == operationPaths:
					target.rePUTs += kind.rePUTs * f.Times // any operation may meet each hit
				case strings.EqualFold(target.id, f.Path):
					target.rePUTs += kind.rePUTs
				}
			}
		},
		"settle": func(t *rapid.T) {
			m.w.steps++
			m.settle(t)
			m.checkInvariants(t)
		},
	}
}

// policyChanged notes what a change of o's effective policy from before allows: a DELETE, when
// it became manage while the object was being deleted; another PUT, when it became manage.
func (m *model) policyChanged(o *modelObj, before string) {
	now := m.effectivePolicy(o)
	if now == before || now != string(genruntime.ReconcilePolicyManage) {
		return
	}
	o.rePUTs++
	if o.deleting && !o.tampered {
		o.mayDelete = true
	}
}

// pick is any object of the sequence; pickLive one not being deleted (or any, when none is left).
func (m *model) pick(t *rapid.T) *modelObj { return rapid.SampledFrom(m.objs).Draw(t, "object") }

func (m *model) pickLive(t *rapid.T) *modelObj {
	var live []*modelObj
	for _, o := range m.objs {
		if !o.deleting {
			live = append(live, o)
		}
	}
	if len(live) == 0 {
		t.Skip("nothing left to change") // this draw only; rapid draws another action
	}
	return rapid.SampledFrom(live).Draw(t, "object")
}

func setAnnotation(obj client.Object, key, value string) {
	a := obj.GetAnnotations()
	if a == nil {
		a = map[string]string{}
	}
	if value == "" {
		delete(a, key)
	} else {
		a[key] = value
	}
	obj.SetAnnotations(a)
}

func setTags(obj genruntime.ARMMetaObject, tags map[string]string) {
	switch o := obj.(type) {
	case *resources.ResourceGroup:
		o.Spec.Tags = tags
	case *postgres.FlexibleServer:
		o.Spec.Tags = tags
	}
}

func tagsOf(obj genruntime.ARMMetaObject) map[string]string {
	switch o := obj.(type) {
	case *resources.ResourceGroup:
		return o.Spec.Tags
	case *postgres.FlexibleServer:
		return o.Spec.Tags
	}
	return nil
}

package operator_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/extensions"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/pkg/genruntime"
)

// modifiedBody is body (ConvertToARM of the sample s, of kind gk, at id) as the kind's
// PutModifier makes it before the PUT, asking armfake as it is now with the operator's
// credential; body itself for a kind without one. A sample is made where nothing of its name
// was deleted before, so the modifier decides now as it did at the PUT.
func (r *run) modifiedBody(t *testing.T, s genruntime.ARMMetaObject, gk schema.GroupKind, id string, body []byte) []byte {
	t.Helper()
	m := extensions.PutModifiers()[gk]
	if m == nil {
		return body
	}
	cred, err := azidentity.NewClientSecretCredential(r.srv.TenantID(), "operator", "secret", &azidentity.ClientSecretCredentialOptions{
		ClientOptions:            azcore.ClientOptions{Cloud: cloud.Configuration{ActiveDirectoryAuthorityHost: r.srv.AuthorityHost()}, Transport: r.srv.Client()},
		DisableInstanceDiscovery: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	metrics, err := armclient.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	c, err := armclient.New(cred, armclient.Options{Endpoint: r.srv.URL() + "/", Transport: r.srv.Client(), Metrics: metrics})
	if err != nil {
		t.Fatal(err)
	}
	var m0 map[string]any
	if err := json.Unmarshal(body, &m0); err != nil {
		t.Fatal(err)
	}
	put := &reconciler.Put{Object: s, ID: id, APIVersion: s.GetAPIVersion(), Body: m0, ARM: c, Event: func(string, string) {}}
	if err := m.ModifyPut(context.Background(), put); err != nil {
		t.Fatalf("%s %s: the kind's PutModifier: %v", gk.Kind, s.GetName(), err)
	}
	out, err := json.Marshal(put.Body)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// unmodified is received with the values a PutModifier changed (where body and modified differ)
// set back to body's, so that what the sample itself asks can be checked on it.
func unmodified(t *testing.T, received string, body, modified []byte) string {
	t.Helper()
	var rec, b, m any
	if json.Unmarshal([]byte(received), &rec) != nil || json.Unmarshal(body, &b) != nil || json.Unmarshal(modified, &m) != nil {
		return received
	}
	out, err := json.Marshal(restore(rec, b, m))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func restore(rec, body, modified any) any {
	bm, ok1 := body.(map[string]any)
	mm, ok2 := modified.(map[string]any)
	rm, ok3 := rec.(map[string]any)
	if ok1 && ok2 && ok3 {
		for k, bv := range bm {
			if mv, ok := mm[k]; ok {
				if rv, ok := rm[k]; ok {
					rm[k] = restore(rv, bv, mv)
				}
			}
		}
		return rm
	}
	if jsonEqual(mustJSON(body), mustJSON(modified)) {
		return rec
	}
	return body
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

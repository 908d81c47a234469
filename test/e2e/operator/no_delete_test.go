package operator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestKindWithoutAzureDeleteIsReleased: a PostgreSQL flexible server's configuration (a server
// parameter) has no DELETE in Azure; ARM answers one with 405 forever. Deleting the object
// therefore sends none: the finalizer comes off at once, a DeleteNotSupportedInAzure Event on
// the object says the setting was left in Azure, and the setting is still there (it goes with
// its server).
func TestKindWithoutAzureDeleteIsReleased(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	samples, inputs := loadSamplesUnder(t, []string{
		"resources.azure.com/v1api20200601/resourcegroup.yaml",
		"dbforpostgresql.azure.com/v1api20210601/flexibleserver.yaml",
		"dbforpostgresql.azure.com/v1api20210601/flexibleserversconfiguration.yaml",
	})
	if len(samples) != 3 {
		t.Fatalf("want the resource group, server and configuration samples; got %d", len(samples))
	}
	for _, in := range inputs {
		r.create(in)
	}
	var config genruntime.ARMMetaObject
	for _, s := range samples {
		gvk, err := apiutil.GVKForObject(s, shared.Scheme)
		if err != nil {
			t.Fatal(err)
		}
		if gvk.Kind == "FlexibleServersConfiguration" {
			config = s
		}
		r.create(s)
	}
	if config == nil {
		t.Fatal("no FlexibleServersConfiguration sample")
	}
	r.waitReady(2*time.Minute, samples...)
	if err := r.get(config); err != nil {
		t.Fatal(err)
	}
	id := config.GetAnnotations()[genruntime.ResourceIDAnnotation]
	if !strings.HasSuffix(id, "/configurations/max_connections") {
		t.Fatalf("configuration's resource ID %q", id)
	}

	if err := shared.Client.Delete(context.Background(), config); err != nil {
		t.Fatal(err)
	}
	waitGone(t, r, config)
	if n := len(r.requests("DELETE", id)); n != 0 {
		t.Errorf("%d DELETEs of %s, whose type Azure cannot delete", n, id)
	}
	held := false
	for _, have := range r.srv.ResourceIDs() {
		held = held || strings.EqualFold(have, id)
	}
	if !held {
		t.Errorf("armfake no longer holds %s: the setting goes only with its server", id)
	}
	var events corev1.EventList
	deadline := time.Now().Add(30 * time.Second)
	for {
		if err := shared.Client.List(context.Background(), &events, client.InNamespace(r.ns)); err != nil {
			t.Fatal(err)
		}
		if hasEvent(events.Items, config.GetName(), corev1.EventTypeNormal, "DeleteNotSupportedInAzure", "Microsoft.DBforPostgreSQL/flexibleServers/configurations") {
			break
		}
		if time.Now().After(deadline) {
			var saw []string
			for _, e := range events.Items {
				saw = append(saw, e.InvolvedObject.Name+": "+e.Type+" "+e.Reason+" "+e.Message)
			}
			t.Fatalf("no Normal DeleteNotSupportedInAzure event naming the ARM type on %s; events:\n  %s", config.GetName(), strings.Join(saw, "\n  "))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// hasEvent says whether events hold one of type and reason on the object named name whose
// message contains text.
func hasEvent(events []corev1.Event, name, typ, reason, text string) bool {
	for _, e := range events {
		if e.InvolvedObject.Name == name && e.Type == typ && e.Reason == reason && strings.Contains(e.Message, text) {
			return true
		}
	}
	return false
}

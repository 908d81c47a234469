package reconciler_test

import (
	"context"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	storage "github.com/armgen/armgen/generated/storage/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestDeleteOfKindWithoutAzureDeleteReleases: a storage account's blobServices/default has no
// DELETE in Azure (armfake answers 405, as ARM does), so deleting the object sends none and
// releases the finalizer with an Event saying so, instead of retrying a DELETE forever; the
// settings stay in Azure and go with the account.
func TestDeleteOfKindWithoutAzureDeleteReleases(t *testing.T) {
	rgID := "/subscriptions/" + subscription + "/resourceGroups/rg"
	acctID := rgID + "/providers/Microsoft.Storage/storageAccounts/acct"
	blobID := acctID + "/blobServices/default"
	now := metav1.Now()
	blob := &storage.StorageAccountsBlobService{ObjectMeta: metav1.ObjectMeta{
		Namespace: "ns", Name: "blob", Generation: 1, DeletionTimestamp: &now,
		Finalizers:  []string{genruntime.Finalizer},
		Annotations: map[string]string{genruntime.ResourceIDAnnotation: blobID},
	}}
	blob.Spec.OriginalVersion = "v1api20210401"
	blob.Spec.Owner = &genruntime.KnownResourceReference{Name: "acct"}
	e := newEnv(t, armfake.Options{LROPolls: -1, Groups: []string{"storage"}}, blob)
	e.createInAzure(rgID, "2021-04-01", `{"location":"westus"}`)
	e.createInAzure(acctID, "2021-04-01", `{"location":"westus","kind":"StorageV2","sku":{"name":"Standard_LRS"}}`)
	e.createInAzure(blobID, "2021-04-01", `{"properties":{"isVersioningEnabled":true}}`)

	kind := storage.GroupVersion.WithKind("StorageAccountsBlobService")
	e.settle(kind, "blob")

	if n, _ := e.requests("DELETE", "/blobServices/default"); n != 0 {
		t.Errorf("%d DELETEs of %s, whose type Azure cannot delete", n, blobID)
	}
	err := e.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: "blob"}, &storage.StorageAccountsBlobService{})
	if !apierrors.IsNotFound(err) {
		t.Errorf("the object is still there (%v): its finalizer was not released", err)
	}
	var saw []string
	for len(e.events.Events) > 0 {
		ev := <-e.events.Events
		saw = append(saw, ev)
		if strings.HasPrefix(ev, "Normal DeleteNotSupportedInAzure ") && strings.Contains(ev, "Microsoft.Storage/storageAccounts/blobServices") {
			return
		}
	}
	t.Errorf("no Normal DeleteNotSupportedInAzure event naming the ARM type; events: %q", saw)
}

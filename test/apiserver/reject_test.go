package apiserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"

	"github.com/armgen/armgen/internal/crdcheck"
)

// TestServerRejectsBadObjects breaks a valid sample in one way each (a wrong type, a value
// outside an enum, a pattern or range violation, a missing required field, a field the schema
// lacks, a CEL rule broken) and checks that the API server refuses the object, on create and on server-side apply,
// naming the field; and that crdcheck, which tests use offline, refuses it too.
func TestServerRejectsBadObjects(t *testing.T) {
	set := func(value any, path ...string) func(map[string]any) error {
		return func(obj map[string]any) error { return unstructured.SetNestedField(obj, value, path...) }
	}
	remove := func(path ...string) func(map[string]any) error {
		return func(obj map[string]any) error {
			if _, found, _ := unstructured.NestedFieldNoCopy(obj, path...); !found {
				return fmt.Errorf("the sample has no %s to remove", strings.Join(path, "."))
			}
			unstructured.RemoveNestedField(obj, path...)
			return nil
		}
	}
	cases := []struct {
		name        string
		group, kind string
		mutate      func(map[string]any) error
		want        []string // in the server's message
	}{{
		name:  "missing required location",
		group: "resources.azure.com", kind: "ResourceGroup",
		mutate: remove("spec", "location"),
		want:   []string{"spec.location", "Required value"},
	}, {
		name:  "missing required owner",
		group: "network.azure.com", kind: "VirtualNetwork",
		mutate: remove("spec", "owner"),
		want:   []string{"spec.owner", "Required value"},
	}, {
		name:  "missing required nested field",
		group: "keyvault.azure.com", kind: "Vault",
		mutate: remove("spec", "properties", "sku", "family"),
		want:   []string{"spec.properties.sku.family", "Required value"},
	}, {
		name:  "enum",
		group: "storage.azure.com", kind: "StorageAccount",
		mutate: set("Standard_XRS", "spec", "sku", "name"),
		want:   []string{"spec.sku.name", `Unsupported value: "Standard_XRS"`, `"Standard_LRS"`},
	}, {
		name:  "enum in a list",
		group: "eventhub.azure.com", kind: "NamespacesAuthorizationRule",
		mutate: set([]any{"Listen", "Write"}, "spec", "rights"),
		want:   []string{"spec.rights[1]", `Unsupported value: "Write"`},
	}, {
		name:  "wrong type: string for integer",
		group: "cache.azure.com", kind: "Redis",
		mutate: set("one", "spec", "sku", "capacity"),
		want:   []string{"spec.sku.capacity", "must be of type integer"},
	}, {
		name:  "wrong type: string for list",
		group: "network.azure.com", kind: "VirtualNetwork",
		mutate: set("10.0.0.0/16", "spec", "addressSpace", "addressPrefixes"),
		want:   []string{"spec.addressSpace.addressPrefixes", "must be of type array"},
	}, {
		name:  "wrong type: number for string",
		group: "network.azure.com", kind: "VirtualNetworksSubnet",
		mutate: set(int64(24), "spec", "addressPrefix"),
		want:   []string{"spec.addressPrefix", "must be of type string"},
	}, {
		name:  "pattern",
		group: "network.azure.com", kind: "VirtualNetworksSubnet",
		mutate: set(map[string]any{"armId": "not-an-arm-id"}, "spec", "owner"),
		want:   []string{"spec.owner.armId", "should match"},
	}, {
		name:  "pattern of an IP address",
		group: "dbforpostgresql.azure.com", kind: "FlexibleServersFirewallRule",
		mutate: set("256.0.0.1", "spec", "startIpAddress"),
		want:   []string{"spec.startIpAddress", "should match"},
	}, {
		name:  "too short",
		group: "storage.azure.com", kind: "StorageAccount",
		mutate: set("ab", "spec", "azureName"),
		want:   []string{"spec.azureName", "should be at least 3 chars long"},
	}, {
		name:  "above maximum",
		group: "containerservice.azure.com", kind: "ManagedClustersAgentPool",
		mutate: set(int64(4096), "spec", "osDiskSizeGB"),
		want:   []string{"spec.osDiskSizeGB", "should be less than or equal to 2048"},
	}, {
		name:  "below minimum",
		group: "documentdb.azure.com", kind: "DatabaseAccount",
		mutate: set(int64(1), "spec", "consistencyPolicy", "maxIntervalInSeconds"),
		want:   []string{"spec.consistencyPolicy.maxIntervalInSeconds", "should be greater than or equal to 5"},
	}, {
		name:  "a property and its FromConfig twin both set",
		group: "keyvault.azure.com", kind: "Vault",
		mutate: set(map[string]any{"name": "ids", "key": "tenantId"}, "spec", "properties", "tenantIdFromConfig"),
		want:   []string{"spec.properties", "exactly one of tenantId and tenantIdFromConfig must be set"},
	}, {
		name:  "a required property given neither way",
		group: "keyvault.azure.com", kind: "Vault",
		mutate: remove("spec", "properties", "tenantId"),
		want:   []string{"spec.properties", "exactly one of tenantId and tenantIdFromConfig must be set"},
	}, {
		name:  "field the schema lacks",
		group: "network.azure.com", kind: "VirtualNetwork",
		mutate: set([]any{"10.0.0.0/16"}, "spec", "adressSpace"),
		want:   []string{"spec.adressSpace", "unknown field"},
	}}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			obj := sampleOf(t, tc.group, tc.kind)
			if err := tc.mutate(obj.Object); err != nil {
				t.Fatal(err)
			}
			obj.SetName(fmt.Sprintf("bad-%d", i))
			obj.SetNamespace(sampleNamespace)
			ri, err := server.Resource(obj.GroupVersionKind(), sampleNamespace)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()

			_, err = ri.Create(ctx, obj, metav1.CreateOptions{FieldValidation: metav1.FieldValidationStrict})
			switch {
			case err == nil:
				t.Errorf("create: the server accepted the object")
			case !apierrors.IsInvalid(err) && !apierrors.IsBadRequest(err):
				t.Errorf("create: want 422 Invalid or 400 Bad Request, got %v", err)
			default:
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("create: the error does not mention %q:\n%v", w, err)
					}
				}
			}

			body, err := json.Marshal(obj.Object)
			if err != nil {
				t.Fatal(err)
			}
			force := true
			if _, err := ri.Patch(ctx, obj.GetName(), types.ApplyPatchType, body, metav1.PatchOptions{
				FieldManager: fieldManager, Force: &force, FieldValidation: metav1.FieldValidationStrict,
			}); err == nil {
				t.Errorf("server-side apply: the server accepted the object")
			} else if !strings.Contains(err.Error(), tc.want[0]) {
				t.Errorf("server-side apply: the error does not mention %q:\n%v", tc.want[0], err)
			}

			crd := crdcheck.Find(crds, obj.GroupVersionKind().GroupKind())
			if crd == nil {
				t.Fatalf("no CRD for %s", obj.GroupVersionKind())
			}
			if err := crdcheck.ValidateObject(crd, obj.GroupVersionKind().Version, obj.Object); err == nil {
				t.Errorf("crdcheck accepted what the server refuses")
			} else if !strings.Contains(err.Error(), tc.want[0]) {
				t.Errorf("crdcheck does not mention %q:\n%v", tc.want[0], err)
			}
		})
	}
}

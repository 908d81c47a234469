package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseExportedValues(t *testing.T) {
	in := inType(
		"$azureGeneratedSecrets:",
		"  - primaryKey",
		"  - key1: listKeys:keys[0].value",
		"  - blobEndpoint: properties.primaryEndpoints.blob",
		"  - rootKey: authorizationRules/RootManageSharedAccessKey/listKeys:primaryKey",
		"$generatedConfigs:",
		"  clientId: $.status.clientId",
		"  blobEndpoint: $.Status.PrimaryEndpoints.Blob",
		"$defaultAzureName: uuid",
		"tenantId:",
		"  $importConfigMapMode: optional",
		"objectId: {$importConfigMapMode: required}",
	)
	c, err := Parse("f.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	tc := c.Group("network").Version("2020-11-01").Type("VirtualNetwork")
	ignore := cmpopts.IgnoreFields(ExportedValue{}, "ConfigPath", "Pos")
	wantSecrets := []ExportedValue{
		{Name: "primaryKey"},
		{Name: "key1", Action: "listKeys", Path: "keys[0].value"},
		{Name: "blobEndpoint", Path: "properties.primaryEndpoints.blob"},
		{Name: "rootKey", Action: "authorizationRules/RootManageSharedAccessKey/listKeys", Path: "primaryKey"},
	}
	if diff := cmp.Diff(wantSecrets, tc.AzureGeneratedSecrets, ignore); diff != "" {
		t.Errorf("secrets (-want +got):\n%s", diff)
	}
	wantConfigs := []ExportedValue{
		{Name: "clientId", Path: "clientId"},
		{Name: "blobEndpoint", Path: "PrimaryEndpoints.Blob"},
	}
	if diff := cmp.Diff(wantConfigs, tc.GeneratedConfigs, ignore); diff != "" {
		t.Errorf("configs (-want +got):\n%s", diff)
	}
	if got := tc.AzureGeneratedSecrets[1].ConfigPath; got != typePath+".$azureGeneratedSecrets[1]" {
		t.Errorf("config path %s", got)
	}
	if got := tc.GeneratedConfigs[0].ConfigPath; got != typePath+".$generatedConfigs.clientId" {
		t.Errorf("config path %s", got)
	}
	if tc.DefaultAzureName != "uuid" || tc.Property("tenantId").ImportConfigMapMode != "optional" || tc.Property("objectId").ImportConfigMapMode != "required" {
		t.Errorf("%+v", tc)
	}
	if s := tc.AzureGeneratedSecrets[1]; !s.Explicit() || s.Source() != "listKeys:keys[0].value" {
		t.Errorf("%+v: explicit %v, source %s", s, s.Explicit(), s.Source())
	}
	if s := tc.AzureGeneratedSecrets[0]; s.Explicit() {
		t.Errorf("%+v is not explicit", s)
	}
}

func TestParsePath(t *testing.T) {
	got, err := ParsePath("keys[12].value")
	if err != nil {
		t.Fatal(err)
	}
	want := []PathStep{{Property: "keys", Index: 12}, {Property: "value", Index: -1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	for _, bad := range []string{"", "a.", ".a", "a[]", "a[1", "a[-1]", "a[1]b", "a b"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

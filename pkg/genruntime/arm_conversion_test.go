package genruntime

import (
	"strings"
	"testing"
)

func TestResolvedDetailsLookups(t *testing.T) {
	kube := ResourceReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vnet"}
	direct := ResourceReference{ARMID: "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v"}
	secret := SecretReference{Name: "creds", Key: "password"}
	cm := ConfigMapReference{Name: "ids", Key: "tenant"}
	d := ConvertToARMResolvedDetails{
		ResolvedReferences: map[ResourceReference]string{kube: "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vnet"},
		ResolvedSecrets:    map[SecretReference]string{secret: "hunter2"},
		ResolvedConfigMaps: map[ConfigMapReference]string{cm: "tenant-id"},
	}
	if id, err := d.ARMID("subnet", kube); err != nil || !strings.HasSuffix(id, "/vnet") {
		t.Errorf("kubernetes reference: %q %v", id, err)
	}
	if id, err := d.ARMID("subnet", direct); err != nil || id != direct.ARMID {
		t.Errorf("direct reference: %q %v", id, err)
	}
	if v, err := d.Secret("adminPassword", secret); err != nil || v != "hunter2" {
		t.Errorf("secret: %v", err)
	}
	if v, err := d.ConfigMapValue("tenantId", cm); err != nil || v != "tenant-id" {
		t.Errorf("config map: %q %v", v, err)
	}
	missing := []struct {
		err  error
		want string
	}{
		{second(d.ARMID("properties.subnet", ResourceReference{Group: "g", Kind: "K", Name: "other"})), "properties.subnet: reference"},
		{second(d.Secret("adminPassword", SecretReference{Name: "creds", Key: "other"})), `adminPassword: Secret "creds" key "other" was not resolved`},
		{second(d.ConfigMapValue("tenantId", ConfigMapReference{Name: "x", Key: "y"})), `tenantId: ConfigMap "x" key "y" was not resolved`},
	}
	for _, m := range missing {
		if m.err == nil || !strings.Contains(m.err.Error(), m.want) {
			t.Errorf("got %v, want %q", m.err, m.want)
		}
		if m.err != nil && strings.Contains(m.err.Error(), "hunter2") {
			t.Errorf("an error reveals a secret value: %v", m.err)
		}
	}
}

func second(_ string, err error) error { return err }

func TestNameFromARM(t *testing.T) {
	for in, want := range map[string]string{"vnet/subnet": "subnet", "rg": "rg", "a/b/c": "c", "": ""} {
		if got := NameFromARM(in); got != want {
			t.Errorf("NameFromARM(%q) = %q, want %q", in, got, want)
		}
	}
}

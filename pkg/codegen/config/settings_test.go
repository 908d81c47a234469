package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSettings(t *testing.T) {
	in := lines(
		"objectModelConfiguration:",
		"  network:",
		"    2020-11-01:",
		"      VirtualNetwork:",
		"        $export: false", // present though false: still a setting to consume
		"        subnets:",
		"          $isSecret: true",
		"          $renameTo: subnetList",
		"        $azureGeneratedSecrets: []",
		"  compute:",
		"    2020-06-01:",
		"      VirtualMachine: {$isHub: true, adminPassword: {$referenceType: arm}}",
		"      Disk: {}", // types without settings contribute nothing
	)
	c, err := Parse("azure-arm.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	const vnet = "objectModelConfiguration.network.2020-11-01.VirtualNetwork"
	want := []Setting{
		{Path: "objectModelConfiguration.compute.2020-06-01.VirtualMachine.$isHub", Pos: Position{12, 24}},
		{Path: "objectModelConfiguration.compute.2020-06-01.VirtualMachine.adminPassword.$referenceType", Pos: Position{12, 54}},
		{Path: vnet + ".$azureGeneratedSecrets", Pos: Position{9, 9}},
		{Path: vnet + ".$export", Pos: Position{5, 9}},
		{Path: vnet + ".subnets.$isSecret", Pos: Position{7, 11}},
		{Path: vnet + ".subnets.$renameTo", Pos: Position{8, 11}},
	}
	if diff := cmp.Diff(want, c.Settings()); diff != "" {
		t.Errorf("Settings() mismatch (-want +got):\n%s", diff)
	}

	// Callers may sort or trim what they get without affecting the config.
	got := c.Settings()
	got[0].Path = "changed"
	if c.Settings()[0].Path == "changed" {
		t.Error("Settings() exposes the config's own slice")
	}
	if (*Config)(nil).Settings() != nil {
		t.Error("Settings() on a nil config should be nil")
	}
}

// TestSettingTables guards the tables the suggestions are drawn from.
func TestSettingTables(t *testing.T) {
	if diff := cmp.Diff([]string{"$azureGeneratedSecrets", "$defaultAzureName", "$export", "$exportAs", "$generatedConfigs", "$importable", "$isHub", "$keptInParent", "$renameTo", "$scope"}, typeSettingNames); diff != "" {
		t.Errorf("type settings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"$additionalEnumValues", "$enumAsString", "$flatten", "$importConfigMapMode", "$importSecretMode", "$isSecret", "$referenceType", "$removeFromSpec", "$renameTo", "$renamedFrom"}, propertySettingNames); diff != "" {
		t.Errorf("property settings (-want +got):\n%s", diff)
	}
}

package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoad checks the whole structure parsed from a file using every setting.
func TestLoad(t *testing.T) {
	file := filepath.Join("testdata", "azure-arm.yaml")
	got, err := Load(file)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	const (
		net  = "objectModelConfiguration.network"
		comp = "objectModelConfiguration.compute"
	)
	want := &Config{
		File:          file,
		Dir:           "testdata",
		SpecRoot:      "specs/azure-rest-api-specs/specification",
		OutputPath:    "out/generated",
		OutputPackage: "example.com/armgen/out/generated",
		TypeFilters: []*TypeFilter{
			{Action: "prune", Group: "compute", Version: "2019-*", Because: "superseded by 2020 versions", Path: "typeFilters[0]", Pos: Position{7, 5}},
			{Action: "include", Name: "Virtual*", Path: "typeFilters[1]", Pos: Position{11, 5}},
		},
		Groups: []*GroupConfig{
			{
				Name: "compute", Path: comp, Pos: Position{30, 3},
				Versions: []*VersionConfig{{
					APIVersion: "2020-06-01", Path: comp + ".2020-06-01", Pos: Position{31, 5},
					Types: []*TypeConfig{{
						Name: "VirtualMachine", Export: true, RenameTo: "VM",
						Path: comp + ".2020-06-01.VirtualMachine", Pos: Position{32, 7},
						Properties: []*PropertyConfig{
							{Name: "adminPassword", IsSecret: true, Path: comp + ".2020-06-01.VirtualMachine.adminPassword", Pos: Position{35, 9}},
							{Name: "imageId", ReferenceType: "simple", Path: comp + ".2020-06-01.VirtualMachine.imageId", Pos: Position{38, 9}},
							{Name: "networkInterfaceId", ReferenceType: "arm", RenameTo: "nicID", Path: comp + ".2020-06-01.VirtualMachine.networkInterfaceId", Pos: Position{37, 9}},
						},
					}},
				}},
			},
			{
				Name: "network", Path: net, Pos: Position{15, 3},
				Versions: []*VersionConfig{
					{
						APIVersion: "2020-06-01-preview", Path: net + ".2020-06-01-preview", Pos: Position{27, 5},
						Types: []*TypeConfig{
							{Name: "VirtualNetwork", Path: net + ".2020-06-01-preview.VirtualNetwork", Pos: Position{28, 7}},
						},
					},
					{
						APIVersion: "2020-11-01", Path: net + ".2020-11-01", Pos: Position{16, 5},
						Types: []*TypeConfig{
							{Name: "NetworkSecurityGroup", ExportAs: "SecurityGroup", IsHub: true, Path: net + ".2020-11-01.NetworkSecurityGroup", Pos: Position{24, 7}},
							{
								Name: "VirtualNetwork", Export: true, AzureGeneratedSecrets: []ExportedValue{
									{Name: "primaryKey", ConfigPath: net + ".2020-11-01.VirtualNetwork.$azureGeneratedSecrets[0]", Pos: Position{19, 34}},
									{Name: "secondaryKey", ConfigPath: net + ".2020-11-01.VirtualNetwork.$azureGeneratedSecrets[1]", Pos: Position{19, 46}},
								},
								Path: net + ".2020-11-01.VirtualNetwork", Pos: Position{17, 7},
								Properties: []*PropertyConfig{
									{Name: "addressSpace", NotSecret: true, Path: net + ".2020-11-01.VirtualNetwork.addressSpace", Pos: Position{22, 9}},
									{Name: "subnets", RenameTo: "subnetList", Path: net + ".2020-11-01.VirtualNetwork.subnets", Pos: Position{20, 9}},
								},
							},
						},
					},
				},
			},
		},
	}
	if diff := cmp.Diff(want, got, ignoreSettings); diff != "" {
		t.Errorf("Load mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadMissingFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "azure-arm.yaml")
	_, err := Load(file)
	if err == nil {
		t.Fatal("Load of a missing file succeeded")
	}
	want := file + ": cannot read config file: no such file or directory"
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("error mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadReportsFileInErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "azure-arm.yaml")
	if err := os.WriteFile(file, []byte("objectModelConfiguration: {}\nspecroot: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(file)
	want := file + `:2:1: specroot: unknown top-level key; did you mean "specRoot"?`
	if err == nil || err.Error() != want {
		t.Errorf("Load error = %v, want %s", err, want)
	}
}

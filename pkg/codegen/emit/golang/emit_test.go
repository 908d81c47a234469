package golang

import (
	"bytes"
	"fmt"
	"github.com/armgen/armgen/internal/testflags"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

var update = testflags.Update

// goldenBase is where the golden test pretends the generated packages live.
const goldenBase = "github.com/armgen/armgen/generated"

// renderAll renders every API package of defs, and the registration, as one generation run does.
func renderAll(t testing.TB, defs astmodel.Definitions, base string) []File {
	t.Helper()
	var files []File
	for _, pkg := range defs.Packages() {
		fs, err := Package(defs, pkg)
		if err != nil {
			t.Fatalf("Package(%s): %v", pkg, err)
		}
		files = append(files, fs...)
	}
	reg, err := Registration(defs, base)
	if err != nil {
		t.Fatalf("Registration: %v", err)
	}
	return append(files, reg)
}

// concat joins files into one text, each under a line naming it, for one reviewable golden file.
func concat(files []File) []byte {
	var b bytes.Buffer
	for _, f := range files {
		b.WriteString("==== " + f.Path + " ====\n")
		b.Write(f.Content)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	got := concat(renderAll(t, testModel(goldenBase), goldenBase))
	golden := filepath.Join("testdata", "model.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("output differs from %s (-want +got; go test -update rewrites it):\n%s", golden, diff)
	}
}

func TestFilesAreFormattedAndMarked(t *testing.T) {
	for _, f := range renderAll(t, testModel(goldenBase), goldenBase) {
		if !bytes.HasPrefix(f.Content, []byte(generatedHeader+"\n\n")) {
			t.Errorf("%s does not start with the generated-code line and a blank line", f.Path)
		}
		formatted, err := format.Source(f.Content)
		if err != nil {
			t.Errorf("%s does not parse: %v", f.Path, err)
			continue
		}
		if !bytes.Equal(formatted, f.Content) {
			t.Errorf("%s is not gofmt-formatted:\n%s", f.Path, cmp.Diff(string(f.Content), string(formatted)))
		}
	}
}

func TestFileLayout(t *testing.T) {
	var paths []string
	for _, f := range renderAll(t, testModel(goldenBase), goldenBase) {
		paths = append(paths, f.Path)
	}
	want := []string{
		"authorization/v1api20220401/groupversion_info_gen.go",
		"authorization/v1api20220401/providersetting_types_gen.go",
		"authorization/v1api20220401/roleassignment_types_gen.go",
		"authorization/v1api20220401/zz_generated.deepcopy.go",
		"network/v1api20201101/groupversion_info_gen.go",
		"network/v1api20201101/types_gen.go",
		"network/v1api20201101/virtualnetwork_types_gen.go",
		"network/v1api20201101/virtualnetworkssubnet_types_gen.go",
		"network/v1api20201101/zz_generated.deepcopy.go",
		"network/v1api20201101/storage/groupversion_info_gen.go",
		"network/v1api20201101/storage/virtualnetwork_types_gen.go",
		"network/v1api20201101/storage/zz_generated.deepcopy.go",
		"resources/v1api20200601/groupversion_info_gen.go",
		"resources/v1api20200601/resourcegroup_types_gen.go",
		"resources/v1api20200601/types_gen.go",
		"resources/v1api20200601/zz_generated.deepcopy.go",
		"controllers/registration_gen.go",
	}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestFilePlanOrder(t *testing.T) {
	defs := testModel(goldenBase)
	network := astmodel.MakeAPIPackage(goldenBase, "network", "v1api20201101")
	plans, err := planFiles(defs.InPackage(network))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, p := range plans {
		for _, d := range p.defs {
			got[p.name] = append(got[p.name], d.Name.Name)
		}
	}
	want := map[string][]string{
		"virtualnetwork_types_gen.go": {
			"VirtualNetwork", "VirtualNetwork_Spec", "VirtualNetwork_STATUS",
			"AddressPrefixList", "AddressSpace", "AddressSpace_STATUS", "FlowLogFormatParameters_Version",
			"IpamConfig", "IpamConfig_Dynamic", "IpamConfig_Static", "ProvisioningState_STATUS",
			"SubResource", "Subnet", "VirtualNetworkEncryption_Enforcement",
		},
		// SubResource is reached from here too, but already lives with VirtualNetwork.
		"virtualnetworkssubnet_types_gen.go": {"VirtualNetworksSubnet", "VirtualNetworksSubnet_Spec", "VirtualNetworksSubnet_STATUS"},
		"types_gen.go":                       {"DnsLabel", "NetworkFeatureFlags"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("file plan (-want +got):\n%s", diff)
	}
}

// Output must not depend on map iteration order, which changes from run to run.
func TestDeterministic(t *testing.T) {
	first := concat(renderAll(t, testModel(goldenBase), goldenBase))
	for range 5 {
		again := concat(renderAll(t, testModel(goldenBase), goldenBase))
		if !bytes.Equal(first, again) {
			t.Fatalf("two renders of the same model differ:\n%s", cmp.Diff(string(first), string(again)))
		}
	}
}

func TestRegistrationAliases(t *testing.T) {
	reg, err := Registration(testModel(goldenBase), goldenBase)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range []string{
		`networkv1api20201101 "` + goldenBase + `/network/v1api20201101"`,
		`networkv1api20201101storage "` + goldenBase + `/network/v1api20201101/storage"`,
		`resourcesv1api20200601 "` + goldenBase + `/resources/v1api20200601"`,
	} {
		if !strings.Contains(string(reg.Content), imp) {
			t.Errorf("registration lacks import %s", imp)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	defs := testModel(goldenBase)
	for b.Loop() {
		renderAll(b, defs, goldenBase)
	}
}

// TestRenderTime reports how long rendering takes, for the record: the test model, and the test
// model repeated to about the size of a real configured run (60 resources).
func TestRenderTime(t *testing.T) {
	for _, defs := range []astmodel.Definitions{testModel(goldenBase), scaledModel(10)} {
		renderAll(t, defs, goldenBase) // warm up
		start := time.Now()
		const runs = 5
		var files []File
		for range runs {
			files = renderAll(t, defs, goldenBase)
		}
		t.Logf("%d definitions, %d resources, %d files: %v per render",
			len(defs), len(defs.Resources()), len(files), time.Since(start)/runs)
	}
}

// scaledModel repeats the test model n times in differently named groups, for timing a run of
// realistic size.
func scaledModel(n int) astmodel.Definitions {
	model := testModel(goldenBase)
	var defs []astmodel.Definition
	for i := range n {
		renames := make(map[astmodel.TypeName]astmodel.TypeName, len(model))
		for name := range model {
			pkg := name.Package
			moved := astmodel.MakeAPIPackage(goldenBase, fmt.Sprintf("%s%d", pkg.Group, i), strings.TrimSuffix(pkg.Version, "storage"))
			if pkg.Storage {
				moved = moved.StorageTwin()
			}
			renames[name] = astmodel.MakeTypeName(moved, name.Name)
		}
		for name, def := range model {
			def.Name = renames[name]
			def.Type = astmodel.RenameReferences(def.Type, renames)
			defs = append(defs, def)
		}
	}
	return astmodel.Definitions{}.With(defs...)
}

// The emit stage renders packages in parallel; rendering shares nothing mutable between calls.
func TestConcurrentRender(t *testing.T) {
	defs := testModel(goldenBase)
	want := concat(renderAll(t, defs, goldenBase))
	pkgs := defs.Packages()
	rendered := make([][]File, len(pkgs))
	errs := make([]error, len(pkgs))
	var wg sync.WaitGroup
	for i, pkg := range pkgs {
		wg.Go(func() { rendered[i], errs[i] = Package(defs, pkg) })
	}
	wg.Wait()
	var files []File
	for i := range pkgs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		files = append(files, rendered[i]...)
	}
	reg, err := Registration(defs, goldenBase)
	if err != nil {
		t.Fatal(err)
	}
	if got := concat(append(files, reg)); !bytes.Equal(got, want) {
		t.Errorf("parallel rendering differs from sequential:\n%s", cmp.Diff(string(want), string(got)))
	}
}

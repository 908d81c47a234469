package codegen

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/output"
)

// generateScratchCase generates the golden case name into a scratch directory inside the module
// (under testdata, which ./... patterns never see, yet builds by its explicit path), removed when
// the test ends, for tests that build and run the generated code with the go command. It returns
// the directory and the go command.
func generateScratchCase(t *testing.T, name string) (dir, goTool string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs generated code with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cfg, err := config.Load(filepath.Join(casesDir, name, "azure-arm.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err = os.MkdirTemp("testdata", "tmp-"+name+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c := *cfg
	c.OutputPackage = thisPackage + "/" + filepath.ToSlash(dir)
	res, err := Run(context.Background(), Options{Config: &c})
	if err != nil {
		t.Fatal(err)
	}
	if err := output.WriteTree(context.Background(), dir, res.Files); err != nil {
		t.Fatal(err)
	}
	return dir, goTool
}

// Package apiserver_test proves the generated CRDs and the samples in a real Kubernetes API
// server (internal/testapiserver): every CRD installs and becomes Established, every sample is
// created with server-side apply and reads back unchanged, bad objects are refused, and a CRD
// subset bundle from `gen crds` installs on its own. It holds tests only.
package apiserver_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/internal/testapiserver"
)

// server is shared by every test of the package, with every generated CRD installed: installing
// them takes seconds, and the first custom resource of a new CRD waits for its storage.
var (
	server     *testapiserver.Server
	crds       []*apiextv1.CustomResourceDefinition
	installErr error // CRDs the server refused or did not establish; TestCRDsEstablished reports it
	installed  time.Duration
)

func TestMain(m *testing.M) {
	os.Exit(testapiserver.Main(m, func(ctx context.Context, s *testapiserver.Server) error {
		root, err := repoRoot()
		if err != nil {
			return err
		}
		dir := filepath.Join(root, "generated", "crds")
		crds, err = crdcheck.LoadDir(dir)
		if err != nil {
			return err
		}
		if len(crds) == 0 {
			return fmt.Errorf("no CRDs in %s; run the generator", dir)
		}
		server = s
		scheme := runtime.NewScheme()
		if err := controllers.AddToScheme(scheme); err != nil {
			return err
		}
		s.ServeConversion(scheme)
		start := time.Now()
		installErr = s.InstallCRDs(ctx, crds)
		installed = time.Since(start)
		return nil
	}))
}

// repoRoot is the directory holding go.mod, found upwards from the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}

func mustRoot(t *testing.T) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestCRDsEstablished: the server took every generated CRD, and each became Established (its
// names accepted, its schema structural, its storage ready).
func TestCRDsEstablished(t *testing.T) {
	if installErr != nil {
		t.Fatalf("installing the generated CRDs:\n%v", installErr)
	}
	list, err := server.Extensions.ApiextensionsV1().CustomResourceDefinitions().List(context.Background(), listAll)
	if err != nil {
		t.Fatal(err)
	}
	have := make(map[string]bool)
	for _, c := range list.Items {
		for _, cond := range c.Status.Conditions {
			if cond.Type == apiextv1.Established && cond.Status == apiextv1.ConditionTrue {
				have[c.Name] = true
			}
		}
	}
	for _, c := range crds {
		if !have[c.Name] {
			t.Errorf("%s is not Established", c.Name)
		}
	}
	t.Logf("%d CRDs installed and established in %s", len(crds), installed.Round(time.Millisecond))
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/test/e2e/cluster"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

func TestKubeconfigReachesTheServerAsGiven(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dev.kubeconfig")
	in := &rest.Config{Host: "https://127.0.0.1:40000", BearerToken: "token"}
	in.CAData, in.ServerName = []byte("ca"), "apiserver-loopback-client"
	if err := cluster.WriteKubeconfig(path, in, contextName); err != nil {
		t.Fatal(err)
	}
	out, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		t.Fatal(err)
	}
	if out.Host != in.Host || out.BearerToken != in.BearerToken || string(out.CAData) != "ca" || out.ServerName != in.ServerName {
		t.Fatalf("kubeconfig gives %+v, want what %+v reaches", out, in)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("kubeconfig mode %v: it holds an administrator token", st.Mode().Perm())
	}
	// A second start may overwrite what the first wrote.
	if err := checkKubeconfig(path); err != nil {
		t.Fatalf("refused its own kubeconfig: %v", err)
	}
}

func TestKubeconfigOfSomeoneElseIsKept(t *testing.T) {
	dir := t.TempDir()
	theirs := filepath.Join(dir, "config")
	content := "apiVersion: v1\nkind: Config\ncontexts:\n- name: prod\n  context: {cluster: prod, user: admin}\ncurrent-context: prod\n"
	if err := os.WriteFile(theirs, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkKubeconfig(theirs); err == nil || !strings.Contains(err.Error(), `"prod"`) {
		t.Fatalf("want a refusal naming the context, got %v", err)
	}
	notKube := filepath.Join(dir, "notes")
	if err := os.WriteFile(notKube, []byte("{not yaml"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkKubeconfig(notKube); err == nil {
		t.Fatal("would overwrite a file that is not a kubeconfig")
	}
	if err := checkKubeconfig(filepath.Join(dir, "absent")); err != nil {
		t.Fatalf("refused a new file: %v", err)
	}
}

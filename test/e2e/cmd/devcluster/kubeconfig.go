package main

import (
	"fmt"
	"os"

	"k8s.io/client-go/tools/clientcmd"
)

// contextName names the cluster, user and context of the kubeconfig devcluster writes, and is
// how it recognises a kubeconfig it wrote before.
const contextName = "armgen-dev"

// checkKubeconfig refuses to overwrite a kubeconfig that holds anything besides what
// devcluster writes: pointed at ~/.kube/config by mistake, it would otherwise replace the
// user's clusters with one that lives minutes.
func checkKubeconfig(path string) error {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return nil
	}
	existing, err := clientcmd.LoadFromFile(path)
	if err != nil {
		return fmt.Errorf("%s exists and is not a kubeconfig devcluster wrote (%v): remove it or pass another --kubeconfig", path, err)
	}
	for name := range existing.Contexts {
		if name != contextName {
			return fmt.Errorf("%s holds context %q besides devcluster's: pass another --kubeconfig", path, name)
		}
	}
	return nil
}

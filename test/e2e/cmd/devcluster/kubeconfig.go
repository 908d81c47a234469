package main

import (
	"fmt"
	"os"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
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

// writeKubeconfig writes a kubeconfig reaching the API server as cfg does: the loopback
// client's bearer token (cluster administrator) and the CA and server name its certificate
// was made for.
func writeKubeconfig(path string, cfg *rest.Config) error {
	kc := clientcmdapi.NewConfig()
	kc.Clusters[contextName] = &clientcmdapi.Cluster{
		Server:                   cfg.Host,
		CertificateAuthorityData: cfg.CAData,
		TLSServerName:            cfg.ServerName,
	}
	kc.AuthInfos[contextName] = &clientcmdapi.AuthInfo{
		Token:                 cfg.BearerToken,
		ClientCertificateData: cfg.CertData,
		ClientKeyData:         cfg.KeyData,
	}
	kc.Contexts[contextName] = &clientcmdapi.Context{Cluster: contextName, AuthInfo: contextName, Namespace: "default"}
	kc.CurrentContext = contextName
	// WriteToFile writes with mode 0600: the token makes whoever reads it cluster administrator.
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		return fmt.Errorf("writing the kubeconfig: %w", err)
	}
	return nil
}

package main

import (
	"testing"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/cli/clitest"
)

// TestCRDFlagsCheckedBeforeTheCluster: a bad --crd-management (an empty --crd-management=,
// which the operator would read as none and silently leave CRDs alone, or a wrong case) or a
// bad --crd-pattern is a usage error naming the value and what is accepted, found before the
// cluster is looked for, not a failure after connecting (or none at all).
func TestCRDFlagsCheckedBeforeTheCluster(t *testing.T) {
	see := " (see 'controller --help')\n"
	noCluster := []string{"--kubeconfig=/nonexistent/kubeconfig", "--metrics-addr=0", "--health-addr=0", "--zap-log-level=error"}
	cases := []clitest.Case{
		{Name: "empty crd-management", Args: append([]string{"--crd-management="}, noCluster...), Code: cli.ExitUsage,
			Stderr: "controller: --crd-management \"\": accepted are auto (install and upgrade the operator's CRDs) and none (leave CRDs alone)" + see},
		{Name: "crd-management in another case", Args: append([]string{"--crd-management=Auto"}, noCluster...), Code: cli.ExitUsage,
			Stderr: "controller: --crd-management \"Auto\": accepted are auto (install and upgrade the operator's CRDs) and none (leave CRDs alone)" + see},
		{Name: "pattern without a kind", Args: append([]string{"--crd-pattern=network.azure.com"}, noCluster...), Code: cli.ExitUsage,
			StderrHas: []string{"controller: --crd-pattern \"network.azure.com\": item \"network.azure.com\" has no /Kind", see}},
	}
	clitest.Run(t, newCommand, cases)
}

// TestBadAdditionalCRDsNamedAsTheEnvironment: a bad item in ADDITIONAL_ASO_CRDS (set by another
// project's install, as CAPZ's) is reported as that variable's, not as --crd-pattern's, which
// the user may never have set.
func TestBadAdditionalCRDsNamedAsTheEnvironment(t *testing.T) {
	t.Setenv("ADDITIONAL_ASO_CRDS", "cache.azure.com/*,network.azure.com/*")
	see := " (see 'controller --help')\n"
	clitest.Run(t, newCommand, []clitest.Case{{
		Name: "bad ADDITIONAL_ASO_CRDS", Args: []string{"--crd-pattern=resources.azure.com/*", "--kubeconfig=/nonexistent/kubeconfig"}, Code: cli.ExitUsage,
		StderrHas: []string{"controller: ADDITIONAL_ASO_CRDS \"cache.azure.com/*,network.azure.com/*\": item \"cache.azure.com/*,network.azure.com/*\" has a ','", see},
	}})
}

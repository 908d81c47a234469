package main

import (
	"testing"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/cli/clitest"
)

func TestCommandLine(t *testing.T) {
	see := " (see 'controller --help')\n"
	// Every flag scripts, config/ and the benchmarks pass, and the Go flags brought in from
	// controller-runtime and zap, as --long-flags.
	flags := []string{"--crd-pattern", "--metrics-addr", "--health-addr", "--pprof-addr", "--webhook-port", "--webhook-host",
		"--webhook-cert-dir", "--enable-leader-election", "--kubeconfig", "--zap-log-level", "--zap-devel"}
	cases := append(clitest.Standard("controller", "--metrics-addr", flags...),
		clitest.Case{Name: "argument", Args: []string{"extra"}, Code: cli.ExitUsage, Stderr: "controller: unknown command \"extra\" for \"controller\"" + see},
		clitest.Case{Name: "bad port", Args: []string{"--webhook-port", "nine"}, Code: cli.ExitUsage,
			Stderr: "controller: invalid argument \"nine\" for \"--webhook-port\" flag: strconv.ParseInt: parsing \"nine\": invalid syntax" + see},
		clitest.Case{Name: "bad zap level", Args: []string{"--zap-log-level=loud"}, Code: cli.ExitUsage},
		// Parsed, then refused where the cluster is looked for: the flags reached their settings.
		clitest.Case{Name: "kubeconfig that is not there", Args: []string{"--kubeconfig=/nonexistent/kubeconfig", "--metrics-addr=0", "--health-addr", "0", "--zap-log-level", "error"},
			Code: cli.ExitFailure, StderrHas: []string{"controller: no cluster to talk to: ", "/nonexistent/kubeconfig"}},
	)
	clitest.Run(t, newCommand, cases)
}

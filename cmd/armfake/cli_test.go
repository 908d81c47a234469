package main

import (
	"testing"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/cli/clitest"
)

func TestCommandLine(t *testing.T) {
	see := " (see 'armfake --help')\n"
	cases := append(clitest.Standard("armfake", "--listen", "--spec-root", "--grant", "--budget-window"),
		clitest.Case{Name: "argument", Args: []string{"extra"}, Code: cli.ExitUsage, Stderr: "armfake: unknown command \"extra\" for \"armfake\"" + see},
		clitest.Case{Name: "bad grant", Args: []string{"--grant", "nobody"}, Code: cli.ExitUsage,
			Stderr: "armfake: invalid argument \"nobody\" for \"--grant\" flag: want CLIENT[:SECRET]=SCOPE[,SCOPE...], got \"nobody\"" + see},
		clitest.Case{Name: "bad duration", Args: []string{"--lro-duration=soon"}, Code: cli.ExitUsage,
			Stderr: "armfake: invalid argument \"soon\" for \"--lro-duration\" flag: time: invalid duration \"soon\"" + see},
		clitest.Case{Name: "missing faults file", Args: []string{"--faults", "/nonexistent/faults.yaml"}, Code: cli.ExitFailure},
	)
	clitest.Run(t, newCommand, cases)
}
